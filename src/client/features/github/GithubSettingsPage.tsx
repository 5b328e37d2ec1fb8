import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { leavePage } from '../../app/leavePage';
import {
  useCompleteGithubInstallMutation,
  useCompleteGithubUserAuthorizationMutation,
  useDeleteGithubUserAuthorizationMutation,
  useGetGithubStatusQuery,
  useGetGithubUserStatusQuery,
  usePutGithubRepositoryMutation,
  useStartGithubInstallMutation,
} from '../../api/github';
import { ConnectGithubAccount } from './ConnectGithubAccount';
import { RepositoryFields } from './RepositoryFields';
import { TestCommandCard } from '../teams/TestCommandCard';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { selectIsTeamAdmin } from '../teams/teamSelectors';
import { SettingsNav } from '../account/SettingsNav';
import { docsHref } from '../help/docsLinks';
import { Alert, Button } from '../../ui';
import { codingAgentNames, type GithubStatus, type GithubUserStatus } from '../../../shared/contract/github';
import page from '../agent/AiSettingsPage.module.css';
import styles from './GithubSettingsPage.module.css';

/**
 * `/settings/github`: Admins connect the team's GitHub account or organisation through Baton's GitHub
 * App and choose the repository hand-offs go to; every member connects their own GitHub account
 * (Copilot and Cursor are started as them) and sees what each agent still needs; Admins set the command
 * agents test with (for the terminal hand-off too). GitHub sends users
 * back here: after an install with the installation, the state and an OAuth code; after an
 * authorization with the state and a code.
 */
export function GithubSettingsPage() {
  const isAdmin = useAppSelector(selectIsTeamAdmin);
  const [params, setParams] = useSearchParams();
  const status = useGetGithubStatusQuery(undefined, { skip: !isAdmin, refetchOnMountOrArgChange: true });
  const userStatus = useGetGithubUserStatusQuery(undefined, { skip: isAdmin, refetchOnMountOrArgChange: true });
  const [startInstall, starting] = useStartGithubInstallMutation();
  const [completeInstall, completing] = useCompleteGithubInstallMutation();
  const [completeAuthorization, authorizing] = useCompleteGithubUserAuthorizationMutation();
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
    if (handledCallback.current || (!installationId && !code)) return;
    if (!installationId) {
      // Back from authorizing the app as this member.
      handledCallback.current = true;
      setParams({}, { replace: true });
      if (!state || !code) return;
      completeAuthorization({ state, code })
        .unwrap()
        .catch((error: unknown) => setProblem(errorMessage(error)));
      return;
    }
    if (!isAdmin) return;
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
  }, [isAdmin, installationId, state, code, completeInstall, completeAuthorization, setParams]);

  const connect = async () => {
    setProblem(null);
    try {
      // A whole-page navigation: GitHub sends the user back to this page when the install is done.
      leavePage((await startInstall().unwrap()).installUrl);
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
        <>
          {problem && <Alert>{problem}</Alert>}
          {userStatus.error ? (
            <Alert>{errorMessage(userStatus.error)}</Alert>
          ) : !userStatus.data || authorizing.isLoading ? (
            <p className={page.muted}>{authorizing.isLoading ? 'Connecting your GitHub account…' : 'Loading…'}</p>
          ) : !userStatus.data.configured ? (
            <NotConfigured />
          ) : (
            <>
              <Alert tone="info">
                {userStatus.data.connected
                  ? `Hand-offs go to ${userStatus.data.repository ?? 'a repository an Admin has yet to choose'}. Only an Admin of this team can change the GitHub connection.`
                  : 'Only an Admin of this team can connect GitHub.'}
              </Alert>
              <AccountCard status={userStatus.data} />
              <AgentsCard status={userStatus.data} />
            </>
          )}
        </>
      ) : (
        <>
          {problem && <Alert>{problem}</Alert>}
          {status.error ? (
            <Alert>{errorMessage(status.error)}</Alert>
          ) : !status.data || completing.isLoading || authorizing.isLoading ? (
            <p className={page.muted}>
              {completing.isLoading
                ? 'Connecting GitHub…'
                : authorizing.isLoading
                  ? 'Connecting your GitHub account…'
                  : 'Loading…'}
            </p>
          ) : !status.data.configured ? (
            <NotConfigured />
          ) : (
            <>
              <ConnectionCard status={status.data} onConnect={connect} connecting={starting.isLoading} />
              {status.data.connected && <RepositoryCard status={status.data} />}
              <AccountCard status={status.data} />
              <AgentsCard status={status.data} />
            </>
          )}
        </>
      )}
      <TestCommandCard />
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
        <code>GITHUB_WEBHOOK_SECRET</code>, <code>GITHUB_APP_CLIENT_ID</code> and <code>GITHUB_APP_CLIENT_SECRET</code>,
        then restarts Baton:{' '}
        <a href={docsHref('handoff')} target="_blank" rel="noreferrer">
          how to set up GitHub
        </a>
        . Until then, items go to a local Claude Code with the terminal hand-off.
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
          <RepositoryFields
            repositories={status.repositories}
            repository={repository}
            onRepository={(chosen) => {
              setRepository(chosen);
              setBaseBranch('');
            }}
            baseBranch={baseBranch}
            onBaseBranch={setBaseBranch}
            defaultBranch={chosen?.defaultBranch ?? null}
            choosePrompt
            classNames={{ field: styles.field!, label: styles.label!, input: styles.input! }}
          />
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

/** The member's own GitHub authorization: Copilot and Cursor hand-offs are made as this GitHub user. */
function AccountCard({ status }: { status: GithubUserStatus }) {
  const [forget, forgetting] = useDeleteGithubUserAuthorizationMutation();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <section className={page.card} aria-labelledby="github-account-heading">
      <h2 id="github-account-heading" className={page.cardTitle}>
        Your GitHub account
      </h2>
      {status.user ? (
        <>
          <p className={page.muted}>
            Connected as <strong data-testid="github-user">{status.user.login}</strong>. Copilot and Cursor hand-offs
            you send are made as this GitHub user.
          </p>
          {problem && <Alert>{problem}</Alert>}
          <div className={styles.actions}>
            <Button
              onClick={() => {
                setProblem(null);
                forget()
                  .unwrap()
                  .catch((error: unknown) => setProblem(errorMessage(error)));
              }}
              disabled={forgetting.isLoading}
            >
              Disconnect
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className={page.muted}>
            Copilot and Cursor are started as a GitHub user, never as an app: connect your account to hand items to
            them. Claude Code does not need it.
          </p>
          <div className={styles.actions}>
            <ConnectGithubAccount />
          </div>
        </>
      )}
    </section>
  );
}

function AgentsCard({ status }: { status: GithubUserStatus }) {
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
              {agent.unverified && (
                <li className={styles.checkUnverified}>
                  <span aria-hidden="true">?</span> {agent.unverified}
                </li>
              )}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
