import type { Ref } from 'react';
import type { ItemConflict } from '../items/itemEditsSlice';
import type { ItemFields } from '../items/itemModel';
import { Alert, Button, spokenList } from '../../ui';
import styles from './EditConflict.module.css';

const fieldNames: Record<keyof ItemFields, string> = {
  description: 'the description',
  goals: 'the goals',
  startDate: 'the start date',
  completionDate: 'the completion',
  workflowStatus: 'the hand-off status',
  codingAgentUrl: 'the coding agent link',
  pullRequestUrl: 'the pull request link',
  parentContextItemId: 'the parent context',
  implementationIds: 'the implementations',
  newTestScenarios: 'the test scenarios',
  projectPatternIds: 'the patterns',
  localPatternData: 'the pattern data',
};

/**
 * Someone else saved the fields this user was editing first: their version is shown, this user's text
 * stays in the editor, and the user picks which one the item keeps. Nothing is lost either way.
 */
export function EditConflict(props: {
  conflict: ItemConflict;
  /** Where Control+Enter puts focus during the conflict: it asks, it does not choose. */
  keepMineRef?: Ref<HTMLButtonElement>;
  onKeepMine(): void;
  onUseTheirs(): void;
}) {
  const { conflict } = props;
  const fields = Object.keys(conflict.theirs) as (keyof ItemFields)[];
  const theirDescription = conflict.theirs.description;
  return (
    <Alert>
      <p className={styles.lead}>
        Someone else changed {spokenList(fields.map((field) => fieldNames[field] ?? field))} of {conflict.externalId}{' '}
        while you were editing it. Your text is kept below, not saved yet.
      </p>
      {theirDescription !== undefined && (
        <details className={styles.theirs}>
          <summary>Their description</summary>
          <pre className={styles.text}>{theirDescription}</pre>
        </details>
      )}
      <div className={styles.actions}>
        <Button variant="primary" ref={props.keepMineRef} onClick={props.onKeepMine}>
          Save mine instead
        </Button>
        <Button onClick={props.onUseTheirs}>Use theirs</Button>
      </div>
    </Alert>
  );
}
