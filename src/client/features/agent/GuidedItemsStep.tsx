import { useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { useBulkCreateProjectItemsMutation } from '../../api/items';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { loadBoard } from '../items/itemCommands';
import { AGENT_LIMITS, type PairContent } from '../../../shared/contract/agent';
import { ItemType } from '../../../shared/enums';
import { Button } from '../../ui';
import { useGenerate } from './useGenerate';
import { GeneratingStatus } from './GeneratingStatus';
import { TextArea, WizardStep } from './WizardLayout';
import styles from './Wizard.module.css';

type Items = PairContent<'add-multiple-items/items'>['items'];

const kindText = {
  [ItemType.Demo]: { plural: 'demos', hint: 'What you will show, one per line: "Sign up and plan a week".' },
  [ItemType.Implementation]: { plural: 'implementations', hint: 'What gets built, one per line.' },
  [ItemType.GoToMarket]: { plural: 'go-to-market items', hint: 'How people will hear of it, one per line.' },
} as const;

/**
 * One "add items" step of the guided project: the user lists items of one kind, previews them as
 * drafted (editable), and adds them to the board unscheduled, in scope. Skippable.
 */
export function GuidedItemsStep(props: {
  itemType: 1 | 2 | 3;
  projectId: string;
  heading: string;
  onDone(added: number): void;
  onBack(): void;
}) {
  const dispatch = useAppDispatch();
  const generation = useGenerate('add-multiple-items');
  const [bulkCreate, creation] = useBulkCreateProjectItemsMutation();
  const [lines, setLines] = useState('');
  const [preview, setPreview] = useState<Items | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const text = kindText[props.itemType];

  const draftPreview = async () => {
    setProblem(null);
    if (!lines.trim()) return props.onDone(0);
    try {
      const { content } = await generation.generate<{ items: Items }>('items', {
        description: lines,
        defaultItemType: props.itemType,
      });
      setPreview(content.items);
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  const add = async () => {
    setProblem(null);
    const items = (preview ?? []).filter((item) => item.description.trim());
    if (items.length === 0) return props.onDone(0);
    try {
      await bulkCreate({
        projectId: props.projectId,
        items: items.map((item) => ({
          itemType: item.itemType,
          item: { description: item.description },
          project: { scope: 0, assignedTimeframe: null },
        })),
      }).unwrap();
      await dispatch(loadBoard(props.projectId));
      props.onDone(items.length);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const busy = generation.isGenerating || creation.isLoading;
  const status = generation.isGenerating && (
    <GeneratingStatus
      seconds={generation.seconds}
      onCancel={generation.cancel}
      what={text.plural}
      partial={generation.partial}
    />
  );

  if (!preview) {
    return (
      <WizardStep
        heading={props.heading}
        submitLabel={lines.trim() ? 'Preview' : 'Skip'}
        onSubmit={draftPreview}
        onBack={props.onBack}
        busy={busy}
        problem={problem}
        status={status}
      >
        <TextArea
          label={`Your ${text.plural}`}
          hint={`${text.hint} Leave it empty to skip.`}
          value={lines}
          onChange={setLines}
          maxLength={AGENT_LIMITS.description}
          autoFocus
        />
      </WizardStep>
    );
  }

  return (
    <WizardStep
      heading={props.heading}
      submitLabel={`Add ${preview.length} to the board`}
      onSubmit={add}
      onBack={() => setPreview(null)}
      busy={busy}
      problem={problem}
    >
      <ol className={styles.list} aria-label={`Preview of the ${text.plural}`}>
        {preview.map((item, index) => (
          <li key={index} className={styles.listItem}>
            <TextArea
              id={`preview-${index}`}
              label={`Item ${index + 1}`}
              value={item.description}
              rows={2}
              maxLength={AGENT_LIMITS.description}
              onChange={(description) =>
                setPreview(preview.map((other, i) => (i === index ? { ...other, description } : other)))
              }
            />
            <div className={styles.row}>
              <Button variant="ghost" onClick={() => setPreview(preview.filter((_, i) => i !== index))}>
                Remove item {index + 1}
              </Button>
            </div>
          </li>
        ))}
      </ol>
    </WizardStep>
  );
}
