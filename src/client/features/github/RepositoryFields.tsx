import type { GithubUserStatus } from '../../../shared/contract/github';

/**
 * Where a hand-off goes: one of the installation's repositories and a base branch (empty: the
 * repository's default, shown as the placeholder). Settings → GitHub and the hand-off dialog share it,
 * each with its own field styles.
 */
export function RepositoryFields(props: {
  repositories: GithubUserStatus['repositories'];
  repository: string;
  onRepository(repository: string): void;
  baseBranch: string;
  onBaseBranch(baseBranch: string): void;
  /** The default branch when none is typed. */
  defaultBranch: string | null;
  /** What the list shows before a repository is chosen; none when one always is. */
  choosePrompt: boolean;
  classNames: { field: string; label: string; input: string };
}) {
  const { classNames } = props;
  return (
    <>
      <label className={classNames.field}>
        <span className={classNames.label}>Repository</span>
        <select
          className={classNames.input}
          value={props.repository}
          onChange={(event) => props.onRepository(event.target.value)}
        >
          {props.choosePrompt && (
            <option value="" disabled>
              Choose a repository
            </option>
          )}
          {props.repositories.map((candidate) => (
            <option key={candidate.fullName} value={candidate.fullName}>
              {candidate.fullName}
              {candidate.private ? ' (private)' : ''}
            </option>
          ))}
        </select>
      </label>
      <label className={classNames.field}>
        <span className={classNames.label}>Base branch</span>
        <input
          className={classNames.input}
          value={props.baseBranch}
          onChange={(event) => props.onBaseBranch(event.target.value)}
          placeholder={props.defaultBranch ?? 'the default branch'}
          maxLength={255}
        />
      </label>
    </>
  );
}
