import { useEffect, useState } from 'react';
import { boardArrival } from '../board/focusOnArrival';
import { displayTitle } from '../../../shared/displayTitle';
import { useNavigate, useParams } from 'react-router-dom';
import { AGENT_LIMITS, type PairContent } from '../../../shared/contract/agent';
import { ItemType } from '../../../shared/enums';
import { Alert, Button } from '../../ui';
import { kindLabel } from '../items/itemModel';
import { bucketName } from '../board/boardColumns';
import { useAgentDraft } from './useAgentDraft';
import { useGenerate } from './useGenerate';
import { useFlowAction } from './useFlowAction';
import { useNamedItem } from './useNamedItem';
import { useAddItems } from './useAddItems';
import { TextArea, WizardStep } from './WizardLayout';
import { GeneratingStatus } from './GeneratingStatus';
import { DraftedByNotice } from './DraftedByNotice';
import styles from './Wizard.module.css';

type Refined = PairContent<'add-single-new-item/refinedDescription'>;
type Kind = 1 | 2 | 3;

/**
 * `/flows/add-item/:itemId` ("Add next to it with AI…" in the item panel): the user says what the new
 * item is, Baton refines it with the named item as context, and the edited result is added to the same
 * bucket. The add-single-new-item draft of the named item keeps the work until it is added.
 */
export function AddNextItemPage() {
  const { itemId } = useParams();
  const navigate = useNavigate();
  const named = useNamedItem(itemId);
  const draft = useAgentDraft('add-single-new-item', itemId, { skip: !named.item });
  const generation = useGenerate('add-single-new-item', itemId);
  const { add, isAdding } = useAddItems();
  const [description, setDescription] = useState('');
  const [refinedText, setRefinedText] = useState('');
  const [goalsText, setGoalsText] = useState('');
  const [kind, setKind] = useState<Kind | null>(null);
  const { problem, run } = useFlowAction();

  const stored = draft.draft;
  const storedRefined = stored?.content.refinedDescription as Refined | undefined;
  useEffect(() => {
    const input = (stored?.inputModel ?? {}) as { description?: string; itemType?: Kind };
    setDescription(input.description ?? '');
    if (input.itemType) setKind(input.itemType);
  }, [stored?.updatedAt]); // eslint-disable-line react-hooks/exhaustive-deps -- reload on a new draft only
  useEffect(() => {
    setRefinedText(storedRefined?.refinedDescription ?? '');
    setGoalsText((storedRefined?.goals ?? []).join('\n'));
  }, [storedRefined]);
  useEffect(() => {
    if (named.title) document.title = `Add next to ${named.title} · Baton`;
  }, [named.title]);

  if (named.loadError) return <Alert>{named.loadError}</Alert>;
  if (named.isLoading || draft.isLoading || !named.item || !named.project) {
    return <p className={styles.page}>Loading…</p>;
  }
  const { item, project, bucket } = named;
  const itemType = kind ?? (item.itemType as Kind);

  const refine = () =>
    run(async () => {
      if (!description.trim()) throw new Error('Say what the new item is first.');
      const inputModel = { description, itemType };
      await draft.save({ step: 'InputDescription', inputModel });
      await generation.generate('refinedDescription', { description });
      await draft.save({ step: 'RefineDescription' });
    });

  const addItem = () =>
    run(async () => {
      if (!refinedText.trim()) throw new Error('The description is empty: write it, or draft it again.');
      if (!bucket) throw new Error(`This item is not on ${project.description}'s plan.`);
      const refined = {
        refinedDescription: refinedText,
        goals: goalsText
          .split('\n')
          .map((goal) => goal.trim())
          .filter(Boolean),
      };
      await draft.save({ inputModel: { description, itemType }, content: { refinedDescription: refined } });
      const [added] = await add(
        project.id,
        [{ itemType, description: refined.refinedDescription }],
        bucket,
        refined.goals,
      );
      // Added: the draft is spent, so the next time starts afresh.
      await draft.save({ step: null, inputModel: {}, content: {} });
      navigate('/', added ? boardArrival(added, `Added ${displayTitle(refined.refinedDescription)}.`) : undefined);
    });

  const busy = generation.isGenerating || draft.isSaving || isAdding;
  const status = generation.isGenerating && (
    <GeneratingStatus
      seconds={generation.seconds}
      onCancel={generation.cancel}
      what="with the item as context"
      partial={generation.partial}
    />
  );
  const refined = Boolean(storedRefined) && stored?.step === 'RefineDescription';

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Add next to {named.title}</h1>
        <p className={styles.lead}>
          A new item beside {item.externalId}
          {bucket ? `, in ${bucketName(bucket, project.milestones)}` : ''}. Baton reads the item to draft it.
        </p>
      </header>
      <DraftedByNotice draftedBy={refined ? stored?.draftedBy : null} />
      {!refined ? (
        <WizardStep
          heading="What is the new item?"
          submitLabel="Next: refine"
          onSubmit={refine}
          onBack={() => navigate('/')}
          busy={busy}
          problem={problem}
          status={status}
        >
          <TextArea
            label="Description"
            hint="A sentence or a few bullets. Ctrl+Enter continues."
            value={description}
            onChange={setDescription}
            maxLength={AGENT_LIMITS.description}
            autoFocus
          />
          <div className={styles.field}>
            <label htmlFor="new-item-kind" className={styles.label}>
              Kind
            </label>
            <select
              id="new-item-kind"
              className={styles.select}
              value={itemType}
              onChange={(event) => setKind(Number(event.target.value) as Kind)}
            >
              {[ItemType.Demo, ItemType.Implementation, ItemType.GoToMarket].map((value) => (
                <option key={value} value={value}>
                  {kindLabel[value]}
                </option>
              ))}
            </select>
          </div>
        </WizardStep>
      ) : (
        <WizardStep
          heading="Refine it"
          submitLabel="Add to the board"
          onSubmit={addItem}
          onBack={() => run(async () => void (await draft.save({ step: 'InputDescription' })))}
          busy={busy}
          problem={problem}
          status={status}
          extraActions={
            <Button onClick={refine} disabled={busy}>
              Draft again
            </Button>
          }
        >
          <TextArea
            label="Description (markdown)"
            value={refinedText}
            onChange={setRefinedText}
            rows={10}
            maxLength={AGENT_LIMITS.description}
            autoFocus
          />
          <TextArea label="Goals" hint="One per line." value={goalsText} onChange={setGoalsText} rows={4} />
        </WizardStep>
      )}
    </div>
  );
}
