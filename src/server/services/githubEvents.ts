/**
 * What GitHub's webhook events do to hand-offs and items (agents.md §3; docs/handoff.md has the state
 * machine): a pull request tied to a hand-off's issue sets the item's pullRequestUrl and moves it to
 * "PR open", then "merged" (with its completion date); the agent's branch, comments and runs join the
 * hand-off's activity. Every state change goes through handoff/handoffStates.ts. Only hand-offs of
 * teams connected through the delivering installation are ever touched.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/types';
import type { GithubClient } from '../integrations/github/githubClient';
import { githubConnections, type HandoffRow } from '../db/schema';
import { findHandoffByMarker, updateHandoff } from '../repositories/handoffs';
import { markerIn } from './handoff/issueMarker';
import { advanceItemWork } from '../repositories/items';
import { WorkflowStatus } from '../../shared/enums';
import { deleteGithubUserAuthorizationsOf } from '../repositories/githubUserAuthorizations';
import { AGENT_BRANCH, githubPageUrl, linkedIssueNumbers } from './githubLinks';
import { appendAndTell, handoffsFor, moveHandoff, withPullRequest } from './githubHandoffs';
import { isAgentBot } from './handoff/handoffStates';
import { onCheckSuite, onWorkflowRun, type CheckSuitePayload, type WorkflowRunPayload } from './githubRuns';
import { onInstallation, onInstallationRepositories } from './githubInstallations';

/** What an event may ask GitHub while it is applied: the GitHub App's client, or null without one. */
export type GithubLookups = Pick<GithubClient, 'closingIssueNumbers'>;

/** What applying events needs beyond the database: GitHub's client and the web host links must be on. */
export interface GithubEventContext {
  lookups: GithubLookups | null;
  /** GITHUB_WEB_URL: a pull request's link is kept only when it is an https page there. */
  webUrl: string;
  /** GITHUB_HANDOFF_STALE_HOURS, in ms. */
  staleAfterMs: number;
  /** Posts the sender's @cursor comment on a Cursor hand-off's issue (as that user). */
  summonCursor?: (handoff: HandoffRow, issueNumber: number) => Promise<void>;
}

interface Repository {
  full_name: string;
}
interface Actor {
  login: string;
  type: string;
}
interface PullRequestPayload {
  action: string;
  installation?: { id: number };
  repository: Repository;
  sender?: Actor;
  pull_request: {
    number: number;
    title: string;
    html_url: string;
    body: string | null;
    merged: boolean;
    head: { ref: string };
    user?: Actor;
  };
}
interface CreatePayload {
  installation?: { id: number };
  repository: Repository;
  ref: string;
  ref_type: string;
}
interface IssueCommentPayload {
  action: string;
  installation?: { id: number };
  repository: Repository;
  issue: { number: number };
  comment: { html_url: string; body: string; user: Actor };
}
interface IssuesPayload {
  action: string;
  installation?: { id: number };
  repository: Repository;
  issue: { number: number; html_url: string; body?: string | null; user?: Actor };
}

/**
 * The links in Claude's tracking comment (agents.md §3): "View job" to the workflow run, and the
 * branch it pushed. Only links into this repository on the comment's own GitHub host are taken.
 */
export function trackingCommentLinks(comment: { body: string; html_url: string }, repository: string) {
  let origin: string;
  try {
    origin = new URL(comment.html_url).origin;
  } catch {
    return { job: null, branch: null };
  }
  const base = `${origin}/${repository}/`;
  const links = [...comment.body.matchAll(/\]\((\S+?)\)/g)]
    .map((match) => match[1]!)
    .filter((url) => url.startsWith(base));
  const job = links.map((url) => /^(\S+\/actions\/runs\/(\d{1,19}))(?:\/job\/\d+)?\/?$/.exec(url)).find(Boolean);
  const branch = links.map((url) => /\/tree\/((?:claude|copilot|cursor)\/[\w./-]{1,200})$/.exec(url)).find(Boolean);
  return {
    job: job ? { url: job[0]!, runId: Number(job[2]) } : null,
    branch: branch ? decodeURIComponent(branch[1]!) : null,
  };
}

/**
 * What GitHub says beyond a delivery's payload, asked before the delivery's transaction opens (an
 * outside call never holds the database): for an agent's pull request that names no issue, the issues
 * GitHub records it will close.
 */
export interface GithubFacts {
  closingIssues?: number[];
  /** A Cursor hand-off whose issue GitHub reported late: the @cursor comment was posted now (or why not). */
  cursorSummons?: { handoffId: string; problem: string | null };
}

/** Whether a pull request needs GitHub's closing references: an agent's, naming no issue itself. */
function needsClosingReferences(payload: PullRequestPayload) {
  const pr = payload.pull_request;
  const byAgent = pr.user?.type === 'Bot' || /^(?:copilot|cursor|claude)\//.test(pr.head.ref);
  return byAgent && linkedIssueNumbers(pr, payload.repository.full_name).length === 0;
}

/**
 * Asks GitHub what applying the delivery will need, with no transaction open (reads only, but for one
 * thing: a Cursor hand-off whose issue GitHub reported late still needs its @cursor comment).
 */
export async function gatherGithubFacts(
  db: Db,
  event: string,
  payload: Record<string, unknown>,
  context: GithubEventContext | null,
): Promise<GithubFacts> {
  if (event === 'issues' && context?.summonCursor) {
    const issues = payload as unknown as IssuesPayload;
    const handoff = issues.action === 'opened' ? await waitingHandoff(db, issues) : undefined;
    if (handoff?.agent !== 'cursor') return {};
    try {
      await context.summonCursor(handoff, issues.issue.number);
      return { cursorSummons: { handoffId: handoff.id, problem: null } };
    } catch (error) {
      return { cursorSummons: { handoffId: handoff.id, problem: (error as Error).message } };
    }
  }
  if (event !== 'pull_request' || !context?.lookups) return {};
  const pullRequest = payload as unknown as PullRequestPayload;
  if (!needsClosingReferences(pullRequest) || pullRequest.installation === undefined) return {};
  const closingIssues = await context.lookups.closingIssueNumbers(pullRequest.installation.id, {
    repository: pullRequest.repository.full_name,
    number: pullRequest.pull_request.number,
  });
  return { closingIssues };
}

/** The issues a pull request belongs to: its closing keywords and branch, else GitHub's closing references. */
function issuesOfPullRequest(payload: PullRequestPayload, facts: GithubFacts): number[] {
  const numbers = linkedIssueNumbers(payload.pull_request, payload.repository.full_name);
  return numbers.length > 0 ? numbers : (facts.closingIssues ?? []);
}

const OPENING = ['opened', 'reopened', 'ready_for_review'];

async function onPullRequest(
  db: Db,
  payload: PullRequestPayload,
  now: Date,
  context: GithubEventContext | null,
  facts: GithubFacts,
) {
  const pr = payload.pull_request;
  const found = await handoffsFor(
    db,
    payload.installation?.id,
    payload.repository.full_name,
    issuesOfPullRequest(payload, facts),
  );
  if (found.length === 0) return 'no hand-off';
  // Only an https page on the configured GitHub is kept as the pull request's link.
  const url = context ? githubPageUrl(pr.html_url, context.webUrl) : null;
  for (const handoff of found) {
    const links = (state: 'open' | 'merged' | 'closed') => ({
      pullRequests: url
        ? withPullRequest(handoff, { number: pr.number, url, state })
        : handoff.pullRequests.filter((known) => known.number !== pr.number),
    });
    const agent = isAgentBot(handoff.agent, payload.sender?.login ?? '');
    if (OPENING.includes(payload.action)) {
      await moveHandoff(db, handoff, { kind: 'pullRequestOpened' }, now, { ...links('open'), openPullRequest: true });
      await advanceItemWork(
        db,
        handoff.itemId,
        { status: WorkflowStatus.PullRequestOpen, pullRequestUrl: url ?? undefined },
        now,
      );
      await appendAndTell(db, handoff, {
        at: now,
        kind: 'pull_request',
        text: `Pull request #${pr.number} ${payload.action === 'opened' ? 'opened' : payload.action.replace(/_/g, ' ')}: ${pr.title}`,
        url,
      });
    } else if (payload.action === 'closed' && pr.merged) {
      await moveHandoff(db, handoff, { kind: 'pullRequestMerged' }, now, links('merged'));
      await advanceItemWork(
        db,
        handoff.itemId,
        { status: WorkflowStatus.Merged, pullRequestUrl: url ?? undefined, completed: true },
        now,
      );
      await appendAndTell(db, handoff, { at: now, kind: 'merged', text: `Pull request #${pr.number} merged`, url });
    } else if (payload.action === 'closed') {
      await moveHandoff(db, handoff, { kind: 'pullRequestClosed' }, now, links('closed'));
      await appendAndTell(db, handoff, {
        at: now,
        kind: 'pull_request',
        text: `Pull request #${pr.number} closed without merging`,
        url,
      });
    } else if (payload.action === 'synchronize' && agent) {
      // The agent pushing to its pull request: a sign of work, not worth a line of activity each time.
      await moveHandoff(db, handoff, { kind: 'agentSign' }, now);
    } else if (payload.action === 'review_requested' && agent) {
      // Copilot asks for a review when it has finished.
      await moveHandoff(db, handoff, { kind: 'agentSign' }, now);
      await appendAndTell(db, handoff, {
        at: now,
        kind: 'pull_request',
        text: `${payload.sender!.login} finished and asks for a review of pull request #${pr.number}`,
        url,
      });
    }
  }
  return `${payload.action}: ${found.length} hand-off(s)`;
}

async function onCreate(db: Db, payload: CreatePayload, now: Date): Promise<string> {
  if (payload.ref_type !== 'branch') return 'not a branch';
  const issue = AGENT_BRANCH.exec(payload.ref);
  if (!issue) return 'not an agent branch';
  const found = await handoffsFor(db, payload.installation?.id, payload.repository.full_name, [Number(issue[1])]);
  for (const handoff of found) {
    await moveHandoff(db, handoff, { kind: 'agentSign' }, now, { branch: payload.ref });
    await appendAndTell(db, handoff, { at: now, kind: 'branch', text: `Branch ${payload.ref} created` });
  }
  return found.length > 0 ? 'branch recorded' : 'no hand-off';
}

async function onIssueComment(db: Db, payload: IssueCommentPayload, now: Date): Promise<string> {
  if (payload.action !== 'created' && payload.action !== 'edited') return 'ignored';
  const found = await handoffsFor(db, payload.installation?.id, payload.repository.full_name, [payload.issue.number]);
  const links = trackingCommentLinks(payload.comment, payload.repository.full_name);
  let recorded = 0;
  for (const handoff of found) {
    // Only the hand-off's own agent (its bot) shows the agent at work: another bot or a person does not.
    if (!isAgentBot(handoff.agent, payload.comment.user.login)) continue;
    recorded++;
    const newJob = links.job && links.job.runId !== handoff.runId;
    const newBranch = links.branch && links.branch !== handoff.branch;
    await moveHandoff(db, handoff, { kind: 'agentSign' }, now, {
      ...(newJob ? { jobUrl: links.job!.url, runId: links.job!.runId } : {}),
      ...(newBranch ? { branch: links.branch } : {}),
    });
    // A tracking comment is edited as the agent works: the activity notes it once, and each new job.
    if (payload.action === 'created' || newJob) {
      await appendAndTell(db, handoff, {
        at: now,
        kind: newJob ? 'job' : 'comment',
        text: newJob ? `${payload.comment.user.login} started a job` : `${payload.comment.user.login} commented`,
        url: newJob ? links.job!.url : payload.comment.html_url,
      });
    }
  }
  if (found.length === 0) return 'no hand-off';
  return recorded > 0 ? 'comment recorded' : 'not the agent';
}

/**
 * An issue Baton asked for whose answer was lost: its `issues.opened` delivery carries the hand-off's
 * marker, so the hand-off gets its issue now (only in the repository and installation it was sent to).
 */
/** The hand-off still waiting for the issue this `issues.opened` delivery reports (its marker, installation, repository, author). */
async function waitingHandoff(db: Db, payload: IssuesPayload) {
  const marker = markerIn(payload.issue.body);
  if (!marker || payload.installation === undefined) return undefined;
  const handoff = await findHandoffByMarker(db, marker);
  if (!handoff) return undefined;
  const [connection] = await db
    .select({ teamId: githubConnections.teamId })
    .from(githubConnections)
    .where(
      and(eq(githubConnections.teamId, handoff.teamId), eq(githubConnections.installationId, payload.installation.id)),
    );
  const sameRepository = handoff.repository?.toLowerCase() === payload.repository.full_name.toLowerCase();
  // Copilot's issue is opened as the sender; the others as Baton's app.
  const author = payload.issue.user?.type === (handoff.agent === 'copilot' ? 'User' : 'Bot');
  return connection && sameRepository && author ? handoff : undefined;
}

async function linkOpenedIssue(db: Db, payload: IssuesPayload, now: Date, facts: GithubFacts): Promise<string> {
  const handoff = await waitingHandoff(db, payload);
  if (!handoff) return 'no hand-off';
  const { number, html_url: url } = payload.issue;
  await updateHandoff(db, handoff.id, { issueNumber: number, issueUrl: url }, now);
  await advanceItemWork(db, handoff.itemId, { status: WorkflowStatus.SentToAgent, codingAgentUrl: url }, now);
  await appendAndTell(db, handoff, {
    at: now,
    kind: 'sent',
    text: `Issue #${number} opened in ${payload.repository.full_name} (GitHub reported it after its answer was lost)`,
    url,
  });
  const summons = facts.cursorSummons?.handoffId === handoff.id ? facts.cursorSummons : null;
  if (summons) {
    await appendAndTell(db, handoff, {
      at: now,
      kind: summons.problem ? 'error' : 'sent',
      text: summons.problem
        ? `Cursor could not be summoned (${summons.problem}): comment @cursor on the issue`
        : '@cursor summoned',
      url,
    });
  }
  return 'issue linked';
}

async function onIssues(db: Db, payload: IssuesPayload, now: Date, facts: GithubFacts): Promise<string> {
  if (payload.action === 'opened') return linkOpenedIssue(db, payload, now, facts);
  if (payload.action !== 'closed' && payload.action !== 'reopened') return 'ignored';
  const found = await handoffsFor(db, payload.installation?.id, payload.repository.full_name, [payload.issue.number]);
  for (const handoff of found) {
    await moveHandoff(db, handoff, { kind: payload.action === 'closed' ? 'issueClosed' : 'issueReopened' }, now);
    await appendAndTell(db, handoff, {
      at: now,
      kind: 'issue',
      text: `Issue #${payload.issue.number} ${payload.action}`,
      url: payload.issue.html_url,
    });
  }
  return found.length > 0 ? `issue ${payload.action}` : 'no hand-off';
}

/**
 * Applies one stored delivery inside the caller's transaction, with what GitHub was asked beforehand
 * (`gatherGithubFacts`); answers what it did, for the delivery's row and the log.
 */
export async function applyGithubEvent(
  db: Db,
  event: string,
  payload: Record<string, unknown>,
  now: Date,
  context: GithubEventContext | null = null,
  facts: GithubFacts = {},
) {
  switch (event) {
    case 'pull_request':
      return onPullRequest(db, payload as unknown as PullRequestPayload, now, context, facts);
    case 'create':
      return onCreate(db, payload as unknown as CreatePayload, now);
    case 'issue_comment':
      return onIssueComment(db, payload as unknown as IssueCommentPayload, now);
    case 'issues':
      return onIssues(db, payload as unknown as IssuesPayload, now, facts);
    case 'workflow_run':
      return onWorkflowRun(db, payload as unknown as WorkflowRunPayload, now);
    case 'check_suite':
      return onCheckSuite(db, payload as unknown as CheckSuitePayload, now);
    case 'github_app_authorization': {
      // A GitHub user revoked Baton's app: their tokens are useless, so they are forgotten at once.
      const { action, sender } = payload as { action: string; sender: { id: number } };
      if (action !== 'revoked') return 'ignored';
      return `authorization revoked: ${await deleteGithubUserAuthorizationsOf(db, sender.id)} user(s)`;
    }
    case 'installation':
      return onInstallation(db, payload as unknown as Parameters<typeof onInstallation>[1], now);
    case 'installation_repositories':
      return onInstallationRepositories(
        db,
        payload as unknown as Parameters<typeof onInstallationRepositories>[1],
        now,
      );
    default:
      return 'ignored';
  }
}
