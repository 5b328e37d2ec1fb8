import { useEffect, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { Alert, Button, TextField } from '../../ui';
import { DEFAULT_TEST_COMMANDS, isTestCommand, TEST_COMMAND_MAX_LENGTH } from '../../../shared/testCommand';
import { editTeamField } from './editTeamField';
import { selectActiveTeam } from './teamSlice';
import { selectIsTeamAdmin } from './teamSelectors';
import page from '../agent/AiSettingsPage.module.css';
import styles from '../github/GithubSettingsPage.module.css';

/**
 * The team's test command: the one command a coding agent runs to test its change, named in the GitHub
 * issue and the only test command the terminal hand-off lets Claude Code run without asking. Admins
 * edit it (saved optimistically, as the team's other fields); everyone else reads it.
 */
export function TestCommandCard() {
  const dispatch = useAppDispatch();
  const team = useAppSelector(selectActiveTeam);
  const isAdmin = useAppSelector(selectIsTeamAdmin);
  const saved = team?.testCommand ?? null;
  const [draft, setDraft] = useState(saved ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  // Another tab, a live update or a rollback changed it: show the team's value again.
  useEffect(() => setDraft(saved ?? ''), [saved]);

  const command = draft.trim();
  const invalid = command !== '' && !isTestCommand(command);
  const changed = (command || null) !== saved;

  const save = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    dispatch(editTeamField('testCommand', command || null)).catch((error: unknown) =>
      setProblem(`The test command was not saved: ${errorMessage(error)}`),
    );
  };

  return (
    <section className={page.card} aria-labelledby="test-command-heading">
      <h2 id="test-command-heading" className={page.cardTitle}>
        Test command
      </h2>
      <p className={page.muted}>
        What coding agents run to test their change: named in every hand-off, and the only test command a terminal
        hand-off lets Claude Code run without asking. With none set, agents may use the usual runners (
        {DEFAULT_TEST_COMMANDS.join(', ')}).
      </p>
      {isAdmin ? (
        <form className={styles.form} onSubmit={save}>
          <TextField
            label="Command"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            maxLength={TEST_COMMAND_MAX_LENGTH}
            placeholder="e.g. npm run test:ci"
            spellCheck={false}
            autoComplete="off"
            hint="Plain words only: letters, digits, spaces and _ . / : = @ + -. Leave it empty for the usual runners."
            error={
              invalid ? 'No shell syntax: quotes, $, backticks, ; & | < > ( ) , * and \\ are not allowed.' : undefined
            }
          />
          {problem && <Alert>{problem}</Alert>}
          <div className={styles.actions}>
            <Button type="submit" variant="primary" disabled={invalid || !changed}>
              Save command
            </Button>
          </div>
        </form>
      ) : (
        <p data-testid="test-command">
          {saved ? <code>{saved}</code> : 'None set: the usual runners.'} Only an Admin of this team can change it.
        </p>
      )}
    </section>
  );
}
