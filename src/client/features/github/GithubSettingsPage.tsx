import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import {
  useCompleteGithubInstallMutation,
  useGetGithubStatusQuery,
  usePutGithubRepositoryMutation,
  useStartGithubInstallMutation,
} from '../../api/github';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { selectIsTeamAdmin } from '../teams/teamSelectors';
import { SettingsNav } from '../account/SettingsNav';
import { Alert, Button } from '../../ui';
import { codingAgentNames, type GithubStatus } from '../../../shared/contract/github';
import page from '../agent/AiSettingsPage.module.css';
import styles from './GithubSettingsPage.module.css';

/**
 * `/settings/github` (Admins): connects the team's GitHub account or organisation through Baton's
 * GitHub App, chooses the repository hand-offs go to, and shows what each agent still needs. GitHub
 * sends the user back here after the install, with the installation, the state and an OAuth code.
 */
export function GithubSettingsPage() {
  const isAdmin = useAppSelector(selectIsTeamAdmin);
  const [params, setParams] = useSearchParams();
  const status = useGetGithubStatusQuery(undefined, { skip: !isAdmin, refetchOnMountOrArgChange: true });
  const [startInstall, starting] = useStartGithubInstallMutation();
  const [completeInstall, completing] = useCompleteGithubInstallMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const handledCallback = useRef(false);

  useEffect(() => {
    document.title = 'GitHub · Baton';
  }, []);

  // Back from GitHub: finish the install once, then drop the code and state from the address bar.
  const installationId = Number(params.get('installation_id'));
  const state = params.get('state');
  const code = params.get('code');
  useEffect(() => {
    if (!isAdmin || !installationId || handledCallback.current) return;
    handledCallback.current = true;
    setParams({}, { replace: true });
    if (!state || !code) {
      setProblem(
        'GitHub sent no authorization code: the app must request user authorization during installation (docs/handoff.md).',
      );
      return;
    }
    completeInstall({ installationId, state, code })
      .unwrap()
      .catch((error: unknown) => setProblem(errorMessage(error)));
  }, [isAdmin, installationId, state, code, completeInstall, setParams]);

  const connect = async () => {
    setProblem(null);
    try {
      // A whole-page navigation: GitHub sends the user back to this page when the install is done.
      window.location.assign((await startInstall().unwrap()).installUrl);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <div className={page.page}>
      <div className={page.header}>
        <h1 className={page.title}>GitHub</h1>
        <p className={page.lead}>
          Where items go when you hand them to Claude Code, Copilot or Cursor: a GitHub issue in this repository.
        </p>
      </div>
      <SettingsNav />
      {!isAdmin ? (
        <Alert tone="info">Only an Admin of this team can connect GitHub.</Alert>
      ) : (
        <>
          {problem && <Alert>{problem}</Alert>}
          {status.error ? (
            <Alert>{errorMessage(status.error)}</Alert>
          ) : !status.data || completing.isLoading ? (
            <p className={page.muted}>{completing.isLoading ? 'Connecting GitHub…' : 'Loading…'}</p>
          ) : !status.data.configured ? (
            <NotConfigured />
          ) : (
            <>
              <ConnectionCard status={status.data} onConnect={connect} connecting={starting.isLoading} />
              {status.data.connected && <RepositoryCard status={status.data} />}
              <AgentsCard status={status.data} />
            </>
          )}
        </>
      )}
    </div>
  );
}

function NotConfigured() {
  return (
    <section className={page.card} aria-labelledby="github-off-heading">
      <h2 id="github-off-heading" className={page.cardTitle}>
        Not set up on this Baton
      </h2>
      <p className={page.muted}>
        Handing items to coding agents needs a GitHub App for this Baton. The operator creates one and sets{' '}
        <code>GITHUB_APP_ID</code>, <code>GITHUB_APP_SLUG</code>, <code>GITHUB_APP_PRIVATE_KEY</code>,{' '}
        <code>GITHUB_WEBHOOK_SECRET</code>, <code>GITHUB_APP_CLIENT_ID</code> and <code>GITHUB_APP_CLIENT_SECRET</code>{' '}
        (docs/handoff.md), then restarts Baton.
      </p>
    </section>
  );
}

function ConnectionCard(props: { status: GithubStatus; onConnect(): void; connecting: boolean }) {
  const { account } = props.status;
  return (
    <section className={page.card} aria-labelledby="github-connection-heading">
      <h2 id="github-connection-heading" className={page.cardTitle}>
        Connection
      </h2>
      {account ? (
        <dl className={page.facts}>
          <dt>Connected to</dt>
          <dd data-testid="github-account">
            {account.login} ({account.type === 'Organization' ? 'organisation' : 'user'})
          </dd>
          <dt>App</dt>
          <dd>{props.status.appSlug}</dd>
        </dl>
      ) : (
        <p className={page.muted}>
          Install Baton&apos;s GitHub app ({props.status.appSlug}) on the account or organisation that holds your
          repository. GitHub asks which repositories it may reach, then sends you back here.
        </p>
      )}
      <div className={styles.actions}>
        <Button variant={account ? 'secondary' : 'primary'} onClick={props.onConnect} disabled={props.connecting}>
          {account ? 'Connect another account…' : 'Connect GitHub'}
        </Button>
      </div>
    </section>
  );
}

function RepositoryCard({ status }: { status: GithubStatus }) {
  const [putRepository, saving] = usePutGithubRepositoryMutation();
  const [repository, setRepository] = useState(status.repository ?? '');
  const [baseBranch, setBaseBranch] = useState(status.baseBranch ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = status.repositories.find((candidate) => candidate.fullName === repository);
  // An empty base branch means the repository's default: no change unless another branch is typed.
  const changed =
    repository !== (status.repository ?? '') || (baseBranch.trim() !== '' && baseBranch.trim() !== status.baseBranch);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      await putRepository({ repository, ...(baseBranch.trim() ? { baseBranch: baseBranch.trim() } : {}) }).unwrap();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <section className={page.card} aria-labelledby="github-repository-heading">
      <h2 id="github-repository-heading" className={page.cardTitle}>
        Repository
      </h2>
      {status.problem && <Alert>{status.problem}</Alert>}
      {status.repositories.length === 0 && !status.problem ? (
        <p className={page.muted}>
          The app can reach no repository yet: give it access to one on GitHub (the app&apos;s settings under your
          account or organisation), then reload this page.
        </p>
      ) : (
        <form className={styles.form} onSubmit={save}>
          <label className={styles.field}>
            <span className={styles.label}>Repository</span>
            <select
              className={styles.input}
              value={repository}
              onChange={(event) => {
                setRepository(event.target.value);
                setBaseBranch('');
              }}
            >
              <option value="" disabled>
                Choose a repository
              </option>
              {status.repositories.map((candidate) => (
                <option key={candidate.fullName} value={candidate.fullName}>
                  {candidate.fullName}
                  {candidate.private ? ' (private)' : ''}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            <span className={styles.label}>Base branch</span>
            <input
              className={styles.input}
              value={baseBranch}
              onChange={(event) => setBaseBranch(event.target.value)}
              placeholder={chosen?.defaultBranch ?? 'the default branch'}
              maxLength={255}
            />
          </label>
          {problem && <Alert>{problem}</Alert>}
          <div className={styles.actions}>
            <Button type="submit" variant="primary" disabled={!repository || !changed || saving.isLoading}>
              Save
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

function AgentsCard({ status }: { status: GithubStatus }) {
  return (
    <section className={page.card} aria-labelledby="github-agents-heading">
      <h2 id="github-agents-heading" className={page.cardTitle}>
        Agents
      </h2>
      <ul className={styles.agents}>
        {status.agents.map((agent) => (
          <li key={agent.agent} className={styles.agent} aria-label={codingAgentNames[agent.agent]}>
            <div className={styles.agentHeader}>
              <span className={styles.agentName}>{codingAgentNames[agent.agent]}</span>
              <span className={agent.ready ? styles.ready : styles.notReady}>
                {agent.ready ? 'Ready' : 'Not ready'}
              </span>
            </div>
            <ul className={styles.checks}>
              {agent.checks.map((check) => (
                <li key={check.check} className={check.ok ? styles.checkOk : styles.checkMissing}>
                  <span aria-hidden="true">{check.ok ? '✓' : '✗'}</span> {check.check}
                  {check.fix && <span className={styles.fix}> — {check.fix}</span>}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
