/**
 * What GitHub's webhook events do to hand-offs and items (agents.md §3): a pull request linked to a
 * hand-off's issue sets the item's pullRequestUrl and moves it to "PR open", then "merged" (with its
 * completion date); the agent's branch and comments join the hand-off's activity. Only hand-offs of
 * teams connected through the delivering installation are ever touched.
 */
import { insertTeamEvent } from '../repositories/teamEvents';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import type { GithubClient } from '../integrations/github/githubClient';
import { githubConnections, handoffs, type HandoffRow } from '../db/schema';
import { appendHandoffEvent, findHandoffByMarker, updateHandoff } from '../repositories/handoffs';
import { markerIn } from './handoff/issueMarker';
import { advanceItemWork } from '../repositories/items';
import { WorkflowStatus } from '../../shared/enums';
import { deleteGithubUserAuthorizationsOf } from '../repositories/githubUserAuthorizations';
import { AGENT_BRANCH, githubPageUrl, linkedIssueNumbers } from './githubLinks';

/** What an event may ask GitHub while it is applied: the GitHub App's client, or null without one. */
export type GithubLookups = Pick<GithubClient, 'closingIssueNumbers'>;

/** What applying events needs beyond the database: GitHub's client and the web host links must be on. */
export interface GithubEventContext {
  lookups: GithubLookups | null;
  /** GITHUB_WEB_URL: a pull request's link is kept only when it is an https page there. */
  webUrl: string;
}

interface Repository {
  full_name: string;
}
interface PullRequestPayload {
  action: string;
  installation?: { id: number };
  repository: Repository;
  pull_request: {
    number: number;
    title: string;
    html_url: string;
    body: string | null;
    merged: boolean;
    head: { ref: string };
    user?: { login: string; type: string };
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
  comment: { html_url: string; body: string; user: { login: string; type: string } };
}
interface WorkflowRunPayload {
  action: string;
  installation?: { id: number };
  repository: Repository;
  workflow_run: {
    id: number;
    name: string | null;
    html_url: string;
    head_branch: string | null;
    status: string;
    conclusion: string | null;
    pull_requests: { number: number }[];
  };
}
interface IssuesPayload {
  action: string;
  installation?: { id: number };
  repository: Repository;
  issue: { number: number; html_url: string; body?: string | null; user?: { login: string; type: string } };
}

/** The hand-offs behind these issues of this repository, for teams connected through this installation. */
async function handoffsFor(db: Db, installationId: number | undefined, repository: string, issueNumbers: number[]) {
  if (installationId === undefined || issueNumbers.length === 0) return [];
  const rows = await db
    .select({ handoff: handoffs })
    .from(handoffs)
    .innerJoin(githubConnections, eq(githubConnections.teamId, handoffs.teamId))
    .where(
      and(
        eq(githubConnections.installationId, installationId),
        sql`lower(${handoffs.repository}) = lower(${repository})`,
        inArray(handoffs.issueNumber, issueNumbers),
      ),
    );
  return rows.map((row) => row.handoff);
}

/** Adds to the hand-off's activity and tells the team's open boards the item changed (at commit). */
async function appendAndTell(
  db: Db,
  handoff: HandoffRow,
  event: Omit<Parameters<typeof appendHandoffEvent>[1], 'handoffId'>,
) {
  await appendHandoffEvent(db, { handoffId: handoff.id, ...event });
  await insertTeamEvent(db, handoff.teamId, { kind: 'items', projectId: null, itemIds: [handoff.itemId] });
}

async function setState(db: Db, handoff: HandoffRow, state: string, now: Date) {
  await db.update(handoffs).set({ state, updatedAt: now }).where(eq(handoffs.id, handoff.id));
}

/** Adds the pull request to the hand-off's links, or updates its state there. */
async function recordPullRequest(
  db: Db,
  handoff: HandoffRow,
  pr: { number: number; url: string; state: string },
  now: Date,
) {
  const others = handoff.pullRequests.filter((known) => known.number !== pr.number);
  await db
    .update(handoffs)
    .set({ pullRequests: [...others, pr], updatedAt: now })
    .where(eq(handoffs.id, handoff.id));
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
}

/** Whether a pull request needs GitHub's closing references: an agent's, naming no issue itself. */
function needsClosingReferences(payload: PullRequestPayload) {
  const pr = payload.pull_request;
  const byAgent = pr.user?.type === 'Bot' || /^(?:copilot|cursor|claude)\//.test(pr.head.ref);
  return byAgent && linkedIssueNumbers(pr, payload.repository.full_name).length === 0;
}

/** Asks GitHub what applying the delivery will need; no database, no transaction. */
export async function gatherGithubFacts(
  event: string,
  payload: Record<string, unknown>,
  context: GithubEventContext | null,
): Promise<GithubFacts> {
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

async function onPullRequest(
  db: Db,
  payload: PullRequestPayload,
  now: Date,
  context: GithubEventContext | null,
  facts: GithubFacts,
) {
  const pr = payload.pull_request;
  const issues = issuesOfPullRequest(payload, facts);
  // Only an https page on the configured GitHub is kept as the pull request's link.
  const url = context ? githubPageUrl(pr.html_url, context.webUrl) : null;
  const found = await handoffsFor(db, payload.installation?.id, payload.repository.full_name, issues);
  if (found.length === 0) return 'no hand-off';
  for (const handoff of found) {
    if (['opened', 'reopened', 'ready_for_review'].includes(payload.action)) {
      await setState(db, handoff, 'active', now);
      if (url) await recordPullRequest(db, handoff, { number: pr.number, url, state: 'open' }, now);
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
      await setState(db, handoff, 'complete', now);
      if (url) await recordPullRequest(db, handoff, { number: pr.number, url, state: 'merged' }, now);
      await advanceItemWork(
        db,
        handoff.itemId,
        { status: WorkflowStatus.Merged, pullRequestUrl: url ?? undefined, completed: true },
        now,
      );
      await appendAndTell(db, handoff, {
        at: now,
        kind: 'merged',
        text: `Pull request #${pr.number} merged`,
        url,
      });
    } else if (payload.action === 'closed') {
      if (url) await recordPullRequest(db, handoff, { number: pr.number, url, state: 'closed' }, now);
      await appendAndTell(db, handoff, {
        at: now,
        kind: 'pull_request',
        text: `Pull request #${pr.number} closed without merging`,
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
    await db
      .update(handoffs)
      .set({ state: 'active', branch: payload.ref, updatedAt: now })
      .where(eq(handoffs.id, handoff.id));
    await appendAndTell(db, handoff, {
      at: now,
      kind: 'branch',
      text: `Branch ${payload.ref} created`,
    });
  }
  return found.length > 0 ? 'branch recorded' : 'no hand-off';
}

async function onIssueComment(db: Db, payload: IssueCommentPayload, now: Date): Promise<string> {
  // The agents' own comments (Claude's tracking comment, Copilot's notes) are the activity worth keeping.
  const agentComment = payload.comment.user.type === 'Bot';
  if (!agentComment || (payload.action !== 'created' && payload.action !== 'edited')) return 'not an agent comment';
  const found = await handoffsFor(db, payload.installation?.id, payload.repository.full_name, [payload.issue.number]);
  const links = trackingCommentLinks(payload.comment, payload.repository.full_name);
  for (const handoff of found) {
    const newJob = links.job && links.job.runId !== handoff.runId;
    const newBranch = links.branch && links.branch !== handoff.branch;
    if (newJob || newBranch || handoff.state === 'pending') {
      await db
        .update(handoffs)
        .set({
          state: handoff.state === 'pending' ? 'active' : handoff.state,
          ...(newJob ? { jobUrl: links.job!.url, runId: links.job!.runId } : {}),
          ...(newBranch ? { branch: links.branch } : {}),
          updatedAt: now,
        })
        .where(eq(handoffs.id, handoff.id));
    }
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
  return found.length > 0 ? 'comment recorded' : 'no hand-off';
}

/** A finished run of the agent: a failure sets the hand-off to `error` with the run's link. */
async function onWorkflowRun(db: Db, payload: WorkflowRunPayload, now: Date): Promise<string> {
  const run = payload.workflow_run;
  if (payload.action !== 'completed' || payload.installation === undefined) return 'ignored';
  const byIssue = AGENT_BRANCH.exec(run.head_branch ?? '');
  const candidates = byIssue
    ? await handoffsFor(db, payload.installation.id, payload.repository.full_name, [Number(byIssue[1])])
    : [];
  const byRun = await db
    .select({ handoff: handoffs })
    .from(handoffs)
    .innerJoin(githubConnections, eq(githubConnections.teamId, handoffs.teamId))
    .where(
      and(
        eq(githubConnections.installationId, payload.installation.id),
        sql`lower(${handoffs.repository}) = lower(${payload.repository.full_name})`,
        run.head_branch
          ? sql`(${handoffs.runId} = ${run.id} or ${handoffs.branch} = ${run.head_branch})`
          : eq(handoffs.runId, run.id),
      ),
    );
  const found = new Map([...candidates, ...byRun.map((row) => row.handoff)].map((handoff) => [handoff.id, handoff]));
  const failed = ['failure', 'timed_out', 'startup_failure'].includes(run.conclusion ?? '');
  for (const handoff of found.values()) {
    if (failed && handoff.state !== 'complete') {
      await db
        .update(handoffs)
        .set({ state: 'error', jobUrl: run.html_url, runId: run.id, updatedAt: now })
        .where(eq(handoffs.id, handoff.id));
    }
    await appendAndTell(db, handoff, {
      at: now,
      kind: failed ? 'error' : 'run',
      text: `${run.name ?? 'Workflow run'} ${failed ? `failed (${run.conclusion})` : `finished: ${run.conclusion ?? run.status}`}`,
      url: run.html_url,
    });
  }
  return found.size > 0 ? `run ${run.conclusion}: ${found.size} hand-off(s)` : 'no hand-off';
}

/**
 * An issue Baton asked for whose answer was lost: its `issues.opened` delivery carries the hand-off's
 * marker, so the hand-off gets its issue now (only in the repository and installation it was sent to).
 */
async function linkOpenedIssue(db: Db, payload: IssuesPayload, now: Date): Promise<string> {
  const marker = markerIn(payload.issue.body);
  if (!marker || payload.installation === undefined) return 'ignored';
  const handoff = await findHandoffByMarker(db, marker);
  const [connection] = handoff
    ? await db
        .select({ teamId: githubConnections.teamId })
        .from(githubConnections)
        .where(
          and(
            eq(githubConnections.teamId, handoff.teamId),
            eq(githubConnections.installationId, payload.installation.id),
          ),
        )
    : [];
  const sameRepository = handoff?.repository?.toLowerCase() === payload.repository.full_name.toLowerCase();
  // Copilot's issue is opened as the sender; the others as Baton's app.
  const author = payload.issue.user?.type === (handoff?.agent === 'copilot' ? 'User' : 'Bot');
  if (!handoff || !connection || !sameRepository || !author) return 'no hand-off';
  const { number, html_url: url } = payload.issue;
  await updateHandoff(db, handoff.id, { issueNumber: number, issueUrl: url }, now);
  await advanceItemWork(db, handoff.itemId, { status: WorkflowStatus.SentToAgent, codingAgentUrl: url }, now);
  await appendAndTell(db, handoff, {
    at: now,
    kind: 'sent',
    text: `Issue #${number} opened in ${payload.repository.full_name} (GitHub reported it after its answer was lost)`,
    url,
  });
  return 'issue linked';
}

async function onIssues(db: Db, payload: IssuesPayload, now: Date): Promise<string> {
  if (payload.action === 'opened') return linkOpenedIssue(db, payload, now);
  if (payload.action !== 'closed' && payload.action !== 'reopened') return 'ignored';
  const found = await handoffsFor(db, payload.installation?.id, payload.repository.full_name, [payload.issue.number]);
  for (const handoff of found) {
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
      return onIssues(db, payload as unknown as IssuesPayload, now);
    case 'workflow_run':
      return onWorkflowRun(db, payload as unknown as WorkflowRunPayload, now);
    case 'github_app_authorization': {
      // A GitHub user revoked Baton's app: their tokens are useless, so they are forgotten at once.
      const { action, sender } = payload as { action: string; sender: { id: number } };
      if (action !== 'revoked') return 'ignored';
      return `authorization revoked: ${await deleteGithubUserAuthorizationsOf(db, sender.id)} user(s)`;
    }
    case 'installation': {
      const { action, installation } = payload as { action: string; installation: { id: number } };
      if (action !== 'deleted' && action !== 'suspend') return 'ignored';
      // The app is gone from that account: the teams connected through it are no longer connected.
      await db.delete(githubConnections).where(eq(githubConnections.installationId, installation.id));
      return `installation ${action}`;
    }
    default:
      return 'ignored';
  }
}
