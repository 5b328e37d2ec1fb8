import { useState } from 'react';
import { AGENT_LIMITS } from '../../../shared/contract/agent';
import { ItemType, Scope } from '../../../shared/enums';
import { useGenerate } from './useGenerate';
import { useAddItems } from './useAddItems';
import { GeneratingStatus } from './GeneratingStatus';
import { ItemsPreview, type PreviewItem } from './ItemsPreview';
import { TextArea, WizardStep } from './WizardLayout';

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
  const generation = useGenerate('add-multiple-items');
  const { add: addItems, isAdding } = useAddItems();
  const [lines, setLines] = useState('');
  const [preview, setPreview] = useState<PreviewItem[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const text = kindText[props.itemType];

  const draftPreview = async () => {
    setProblem(null);
    if (!lines.trim()) return props.onDone(0);
    try {
      const { content } = await generation.generate<{ items: PreviewItem[] }>('items', {
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
    try {
      const bucket = { scope: Scope.InScope, assignedTimeframe: null };
      props.onDone((await addItems(props.projectId, preview ?? [], bucket)).length);
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  const busy = generation.isGenerating || isAdding;
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
      <ItemsPreview items={preview} onChange={setPreview} label={`Preview of the ${text.plural}`} />
    </WizardStep>
  );
}
