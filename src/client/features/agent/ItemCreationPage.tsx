import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { selectActiveProject } from '../projects/projectsSelectors';
import { resumeStep, type StepOf } from '../../../shared/flows';
import { AGENT_LIMITS, type PairContent } from '../../../shared/contract/agent';
import { parseBucketKey } from '../../../shared/timeframes';
import { ItemType } from '../../../shared/enums';
import { buttonClassName, Button } from '../../ui';
import { kindLabel } from '../items/itemModel';
import { bucketName } from '../board/boardColumns';
import { useAgentDraft } from './useAgentDraft';
import { useGenerate } from './useGenerate';
import { useFlowAction } from './useFlowAction';
import { useAddItems } from './useAddItems';
import { TextArea, WizardLayout, WizardStep } from './WizardLayout';
import { GeneratingStatus } from './GeneratingStatus';
import { DraftedByNotice } from './DraftedByNotice';
import { ItemsPreview, type PreviewItem } from './ItemsPreview';
import { BucketSelect, UNSCHEDULED_IN_SCOPE } from './BucketSelect';
import styles from './Wizard.module.css';

type Step = StepOf<'itemCreation'>;
type Refined = PairContent<'add-multiple-items/refinedDescription'>;

/** What the flow keeps of the user's own input in the draft (inputModel is free-form, bounded). */
type ItemCreationInput = {
  description?: string;
  defaultItemType?: 1 | 2 | 3 | null;
  bucketKey?: string;
  added?: number;
};

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * `/flows/add-items`: the item creation flow (spec §4: InputDescription → RefineDescription →
 * PreviewItems → Complete). The user describes work, refines the description, edits the drafted
 * items, and adds them to a chosen bucket of the active project in one bulk-create. Every step is
 * stored in the project's add-multiple-items draft, so the flow resumes where it was left.
 */
export function ItemCreationPage() {
  const project = useAppSelector(selectActiveProject);
  const draft = useAgentDraft('add-multiple-items');
  const generation = useGenerate('add-multiple-items');
  const { add, isAdding } = useAddItems();
  const { problem, run } = useFlowAction();

  const stored = draft.draft;
  const input = (stored?.inputModel ?? {}) as ItemCreationInput;
  const step: Step = resumeStep('itemCreation', stored?.step);
  const storedRefined = stored?.content.refinedDescription as Refined | undefined;
  const storedItems = (stored?.content.items as { items: PreviewItem[] } | undefined)?.items;

  const [description, setDescription] = useState('');
  const [defaultItemType, setDefaultItemType] = useState<1 | 2 | 3 | null>(null);
  const [refinedText, setRefinedText] = useState('');
  const [goalsText, setGoalsText] = useState('');
  const [items, setItems] = useState<PreviewItem[]>([]);
  const [bucket, setBucket] = useState(UNSCHEDULED_IN_SCOPE);

  // Fields follow the stored draft whenever it (re)loads or a generation lands in it.
  useEffect(() => {
    setDescription(input.description ?? '');
    setDefaultItemType(input.defaultItemType ?? null);
    setBucket(input.bucketKey ?? UNSCHEDULED_IN_SCOPE);
  }, [stored?.updatedAt, project?.id]); // eslint-disable-line react-hooks/exhaustive-deps -- reload on a new draft only
  useEffect(() => {
    setRefinedText(storedRefined?.refinedDescription ?? '');
    setGoalsText((storedRefined?.goals ?? []).join('\n'));
  }, [storedRefined]);
  useEffect(() => setItems(storedItems ?? []), [storedItems]);

  if (!project) return <p className={styles.page}>Choose or create a project first.</p>;
  if (draft.isLoading) return <p className={styles.page}>Loading…</p>;

  const refined = (): Refined => ({ refinedDescription: refinedText, goals: linesOf(goalsText) });
  const inputModel = (): ItemCreationInput => ({ ...input, description, defaultItemType, bucketKey: bucket });

  const toRefine = () =>
    run(async () => {
      if (!description.trim()) throw new Error('Describe the work to add first.');
      await draft.save({ step: 'InputDescription', inputModel: inputModel() });
      await generation.generate('refinedDescription', { description });
      await draft.save({ step: 'RefineDescription' });
    });

  const toPreview = () =>
    run(async () => {
      if (!refinedText.trim()) throw new Error('The description is empty: write it, or go back and draft it again.');
      const content = { ...(stored?.content ?? {}), refinedDescription: refined() };
      await draft.save({ step: 'RefineDescription', inputModel: inputModel(), content });
      await generation.generate('items', {
        description: refinedText,
        ...(defaultItemType ? { defaultItemType } : {}),
      });
      await draft.save({ step: 'PreviewItems' });
    });

  const addToBoard = () =>
    run(async () => {
      const kept = items.filter((item) => item.description.trim());
      if (kept.length === 0) throw new Error('Keep at least one item, or go back and draft them again.');
      const target = parseBucketKey(bucket);
      if (!target) throw new Error('Choose where the items go.');
      // The edited items are stored first: if adding fails, nothing the user wrote is lost.
      const content = { ...(stored?.content ?? {}), items: { items: kept } };
      await draft.save({ step: 'PreviewItems', inputModel: inputModel(), content });
      const added = (await add(project.id, kept, target, linesOf(goalsText))).length;
      await draft.save({ step: 'Complete', inputModel: { ...inputModel(), added } });
    });

  const startOver = () =>
    run(async () => void (await draft.save({ step: 'InputDescription', inputModel: {}, content: {} })));
  const back = (to: Step) => () => run(async () => void (await draft.save({ step: to })));

  const busy = generation.isGenerating || draft.isSaving || isAdding;
  const status = generation.isGenerating && (
    <GeneratingStatus
      seconds={generation.seconds}
      onCancel={generation.cancel}
      what="from your description"
      partial={generation.partial}
    />
  );
  const addedTo = parseBucketKey(input.bucketKey ?? UNSCHEDULED_IN_SCOPE);

  return (
    <WizardLayout
      title="Add items"
      flow="itemCreation"
      step={step}
      lead={`Describe work for ${project.description}; Baton drafts the items, you edit them, then add them to the board.`}
    >
      <DraftedByNotice draftedBy={step === 'Complete' ? null : stored?.draftedBy} />
      {step === 'InputDescription' && (
        <WizardStep
          heading="What do you want to add?"
          submitLabel="Next: refine"
          onSubmit={toRefine}
          busy={busy}
          problem={problem}
          status={status}
        >
          <TextArea
            label="Description"
            hint="A feature, a release, a list of tasks — lines or bullets. Headings such as “Demos” name the kind. Ctrl+Enter continues."
            value={description}
            onChange={setDescription}
            maxLength={AGENT_LIMITS.description}
            autoFocus
          />
          <div className={styles.field}>
            <label htmlFor="default-kind" className={styles.label}>
              Mostly
            </label>
            <select
              id="default-kind"
              className={styles.select}
              value={defaultItemType ?? ''}
              onChange={(event) =>
                setDefaultItemType(event.target.value ? (Number(event.target.value) as 1 | 2 | 3) : null)
              }
            >
              <option value="">Any kind</option>
              {[ItemType.Demo, ItemType.Implementation, ItemType.GoToMarket].map((kind) => (
                <option key={kind} value={kind}>
                  {kindLabel[kind]}
                </option>
              ))}
            </select>
          </div>
        </WizardStep>
      )}
      {step === 'RefineDescription' && (
        <WizardStep
          heading="Refine the description"
          submitLabel="Next: preview the items"
          onSubmit={toPreview}
          onBack={back('InputDescription')}
          busy={busy}
          problem={problem}
          status={status}
          extraActions={
            <Button onClick={toRefine} disabled={busy}>
              Draft again
            </Button>
          }
        >
          <TextArea
            label="Refined description (markdown)"
            value={refinedText}
            onChange={setRefinedText}
            rows={10}
            maxLength={AGENT_LIMITS.description}
            autoFocus
          />
          <TextArea
            label="Goals"
            hint="One per line; every item added gets them."
            value={goalsText}
            onChange={setGoalsText}
            rows={4}
            maxLength={AGENT_LIMITS.goals * AGENT_LIMITS.goal}
          />
        </WizardStep>
      )}
      {step === 'PreviewItems' && (
        <WizardStep
          heading="Preview the items"
          submitLabel={`Add ${items.length} ${items.length === 1 ? 'item' : 'items'} to the board`}
          onSubmit={addToBoard}
          onBack={back('RefineDescription')}
          busy={busy}
          problem={problem}
          status={status}
          extraActions={
            <Button onClick={toPreview} disabled={busy}>
              Draft again
            </Button>
          }
        >
          <ItemsPreview items={items} onChange={setItems} label="Items to add" chooseKind />
          <BucketSelect value={bucket} onChange={setBucket} />
        </WizardStep>
      )}
      {step === 'Complete' && (
        <section className={styles.card} aria-labelledby="items-added">
          <h2 id="items-added" className={styles.stepTitle}>
            {input.added ?? 0} {input.added === 1 ? 'item' : 'items'} added
          </h2>
          <p className={styles.muted}>
            {addedTo
              ? `They are on the board in ${bucketName(addedTo, project.milestones)}.`
              : 'They are on the board.'}
          </p>
          <div className={styles.actions}>
            <Button variant="ghost" onClick={startOver} disabled={busy}>
              Add more items
            </Button>
            <span className={styles.spacer} />
            <Link to="/" className={buttonClassName({ variant: 'primary' })}>
              Open the board
            </Link>
          </div>
          {problem && <p role="alert">{problem}</p>}
        </section>
      )}
    </WizardLayout>
  );
}
