import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { useSplitProjectItemMutation } from '../../api/items';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { loadBoard } from '../items/itemCommands';
import { AGENT_LIMITS, type PairContent } from '../../../shared/contract/agent';
import { Alert, Button } from '../../ui';
import { useAgentDraft } from './useAgentDraft';
import { useGenerate } from './useGenerate';
import { useFlowAction } from './useFlowAction';
import { useNamedItem } from './useNamedItem';
import { TextArea, WizardStep } from './WizardLayout';
import { GeneratingStatus } from './GeneratingStatus';
import { DraftedByNotice } from './DraftedByNotice';
import { boardArrival } from '../board/focusOnArrival';
import styles from './Wizard.module.css';

type Parts = PairContent<'split-project-item/parts'>['parts'];

/**
 * `/flows/split/:itemId` ("Split…" in the item panel): proposes how to split an item into smaller,
 * independently deliverable ones; the user edits the parts, and applying them keeps the first as the
 * item and adds the rest right after it in its bucket (POST …/split). The proposal is stored in the
 * item's split-project-item draft until it is applied.
 */
export function SplitItemPage() {
  const { itemId } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const named = useNamedItem(itemId);
  const draft = useAgentDraft('split-project-item', itemId, { skip: !named.item });
  const generation = useGenerate('split-project-item', itemId);
  const [split, splitting] = useSplitProjectItemMutation();
  const [guidance, setGuidance] = useState('');
  const [parts, setParts] = useState<Parts>([]);
  const { problem, setProblem, run } = useFlowAction();
  const [focusPart, setFocusPart] = useState<number | null>(null);
  useEffect(() => {
    if (focusPart === null) return;
    document.getElementById(`part-${focusPart}`)?.focus();
    setFocusPart(null);
  }, [focusPart]);

  const stored = draft.draft;
  const storedParts = (stored?.content.parts as { parts: Parts } | undefined)?.parts;
  useEffect(() => setParts(storedParts ?? []), [storedParts]);
  useEffect(() => {
    setGuidance(((stored?.inputModel ?? {}) as { guidance?: string }).guidance ?? '');
  }, [stored?.updatedAt]); // eslint-disable-line react-hooks/exhaustive-deps -- reload on a new draft only
  useEffect(() => {
    if (named.title) document.title = `Split ${named.title} · Baton`;
  }, [named.title]);

  if (named.loadError) return <Alert>{named.loadError}</Alert>;
  if (named.isLoading || draft.isLoading || !named.item || !named.project) {
    return <p className={styles.page}>Loading…</p>;
  }
  const { item, project } = named;

  const propose = () =>
    run(async () => {
      const inputModel = guidance.trim() ? { guidance } : {};
      await draft.save({ step: 'Parts', inputModel });
      await generation.generate('parts', inputModel);
    });

  const apply = () =>
    run(async () => {
      const descriptions = parts.map((part) => part.description).filter((text) => text.trim());
      if (descriptions.length < 2) throw new Error('Keep at least two parts, or close this and leave the item whole.');
      if (!named.bucket) throw new Error(`This item is not on ${project.description}'s plan.`);
      await draft.save({
        step: 'Parts',
        content: { parts: { parts: descriptions.map((description) => ({ description })) } },
      });
      try {
        await split({ id: item.id, body: { projectId: project.id, descriptions } }).unwrap();
      } catch (error) {
        throw new Error(errorMessage(error));
      }
      // Applied: the proposal is spent, so the next "Split…" starts afresh.
      await draft.save({ step: null, inputModel: {}, content: {} });
      await dispatch(loadBoard(project.id));
      navigate('/', boardArrival(item.id, `Split ${item.externalId} into ${descriptions.length} items.`));
    });

  const busy = generation.isGenerating || draft.isSaving || splitting.isLoading;
  const status = generation.isGenerating && (
    <GeneratingStatus
      seconds={generation.seconds}
      onCancel={generation.cancel}
      what="from the item"
      partial={generation.partial}
    />
  );

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Split {named.title}</h1>
        <p className={styles.lead}>
          {item.externalId}: the item keeps the first part; each further part becomes a new item right after it, in the
          same bucket, with the same assignee.
        </p>
      </header>
      <DraftedByNotice draftedBy={stored?.draftedBy} />
      {parts.length === 0 ? (
        <WizardStep
          heading="How should it be split?"
          submitLabel="Propose parts"
          onSubmit={propose}
          onBack={() => navigate('/')}
          busy={busy}
          problem={problem}
          status={status}
          extraActions={
            <Button
              onClick={() => {
                setProblem(null);
                setParts([{ description: item.description }, { description: '' }]);
              }}
              disabled={busy}
            >
              Write them myself
            </Button>
          }
        >
          <TextArea
            label="Guidance (optional)"
            hint="For example “by platform” or “one per user-visible step”. Empty: by the item's own bullets and sections."
            value={guidance}
            onChange={setGuidance}
            rows={3}
            maxLength={AGENT_LIMITS.shortText}
            autoFocus
          />
        </WizardStep>
      ) : (
        <WizardStep
          heading={`${parts.length} parts`}
          submitLabel={`Split into ${parts.length} items`}
          onSubmit={apply}
          onBack={() => navigate('/')}
          busy={busy}
          problem={problem}
          status={status}
          extraActions={
            <>
              <Button onClick={() => setParts([...parts, { description: '' }])} disabled={busy}>
                Add a part
              </Button>
              <Button onClick={propose} disabled={busy}>
                Propose again
              </Button>
            </>
          }
        >
          <ol className={styles.list} aria-label="Parts">
            {parts.map((part, index) => (
              <li key={index} className={styles.listItem}>
                <TextArea
                  id={`part-${index}`}
                  label={index === 0 ? 'Part 1 (stays as this item)' : `Part ${index + 1} (a new item)`}
                  value={part.description}
                  rows={3}
                  maxLength={AGENT_LIMITS.description}
                  onChange={(description) => setParts(parts.map((p, i) => (i === index ? { description } : p)))}
                />
                <div className={styles.row}>
                  <span className={styles.spacer} />
                  <Button
                    variant="ghost"
                    onClick={() => {
                      setParts(parts.filter((_, i) => i !== index));
                      // Focus goes to the part now in its place, or the one before; not to <body>.
                      setFocusPart(Math.min(index, parts.length - 2));
                    }}
                  >
                    Remove part {index + 1}
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        </WizardStep>
      )}
    </div>
  );
}
