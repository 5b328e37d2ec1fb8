/**
 * What GitHub's webhook events do to hand-offs and items (agents.md §3): a pull request linked to a
 * hand-off's issue sets the item's pullRequestUrl and moves it to "PR open", then "merged" (with its
 * completion date); the agent's branch and comments join the hand-off's activity. Only hand-offs of
 * teams connected through the delivering installation are ever touched.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { githubConnections, handoffs, items, type HandoffRow } from '../db/schema';
import { appendHandoffEvent } from '../repositories/handoffs';

/** workflowStatus codes (design §5). */
const PR_OPEN = 2;
const MERGED = 3;

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
interface IssuesPayload {
  action: string;
  installation?: { id: number };
  repository: Repository;
  issue: { number: number; html_url: string };
}

/** Issue numbers a pull request points at: "Fixes #12", "#12", or an agent's branch `claude/issue-12-…`. */
export function linkedIssueNumbers(pullRequest: { body: string | null; head: { ref: string } }): number[] {
  const numbers = new Set<number>();
  for (const match of (pullRequest.body ?? '').matchAll(/(?:^|[^\w/])#(\d{1,9})\b/g)) numbers.add(Number(match[1]));
  const branch = /^(?:claude|copilot|cursor)\/issue-(\d{1,9})(?:\D|$)/.exec(pullRequest.head.ref);
  if (branch) numbers.add(Number(branch[1]));
  return [...numbers];
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

async function setState(db: Db, handoff: HandoffRow, state: string, now: Date) {
  await db.update(handoffs).set({ state, updatedAt: now }).where(eq(handoffs.id, handoff.id));
}

async function onPullRequest(db: Db, payload: PullRequestPayload, now: Date): Promise<string> {
  const pr = payload.pull_request;
  const found = await handoffsFor(db, payload.installation?.id, payload.repository.full_name, linkedIssueNumbers(pr));
  if (found.length === 0) return 'no hand-off';
  for (const handoff of found) {
    if (['opened', 'reopened', 'ready_for_review'].includes(payload.action)) {
      await setState(db, handoff, 'active', now);
      await db
        .update(items)
        .set({
          pullRequestUrl: pr.html_url,
          workflowStatus: sql`greatest(${items.workflowStatus}, ${PR_OPEN})`,
          updatedAt: now,
        })
        .where(eq(items.id, handoff.itemId));
      await appendHandoffEvent(db, {
        handoffId: handoff.id,
        at: now,
        kind: 'pull_request',
        text: `Pull request #${pr.number} ${payload.action === 'opened' ? 'opened' : payload.action.replace(/_/g, ' ')}: ${pr.title}`,
        url: pr.html_url,
      });
    } else if (payload.action === 'closed' && pr.merged) {
      await setState(db, handoff, 'complete', now);
      await db
        .update(items)
        .set({
          pullRequestUrl: pr.html_url,
          workflowStatus: sql`greatest(${items.workflowStatus}, ${MERGED})`,
          completionDate: sql`coalesce(${items.completionDate}, ${now.toISOString()}::timestamptz)`,
          updatedAt: now,
        })
        .where(eq(items.id, handoff.itemId));
      await appendHandoffEvent(db, {
        handoffId: handoff.id,
        at: now,
        kind: 'merged',
        text: `Pull request #${pr.number} merged`,
        url: pr.html_url,
      });
    } else if (payload.action === 'closed') {
      await appendHandoffEvent(db, {
        handoffId: handoff.id,
        at: now,
        kind: 'pull_request',
        text: `Pull request #${pr.number} closed without merging`,
        url: pr.html_url,
      });
    }
  }
  return `${payload.action}: ${found.length} hand-off(s)`;
}

async function onCreate(db: Db, payload: CreatePayload, now: Date): Promise<string> {
  if (payload.ref_type !== 'branch') return 'not a branch';
  const issue = /^(?:claude|copilot|cursor)\/issue-(\d{1,9})(?:\D|$)/.exec(payload.ref);
  if (!issue) return 'not an agent branch';
  const found = await handoffsFor(db, payload.installation?.id, payload.repository.full_name, [Number(issue[1])]);
  for (const handoff of found) {
    await setState(db, handoff, 'active', now);
    await appendHandoffEvent(db, {
      handoffId: handoff.id,
      at: now,
      kind: 'branch',
      text: `Branch ${payload.ref} created`,
    });
  }
  return found.length > 0 ? 'branch recorded' : 'no hand-off';
}

async function onIssueComment(db: Db, payload: IssueCommentPayload, now: Date): Promise<string> {
  // The agents' own comments (Claude's tracking comment, Copilot's notes) are the activity worth keeping.
  if (payload.action !== 'created' || payload.comment.user.type !== 'Bot') return 'not an agent comment';
  const found = await handoffsFor(db, payload.installation?.id, payload.repository.full_name, [payload.issue.number]);
  for (const handoff of found) {
    await setState(db, handoff, 'active', now);
    await appendHandoffEvent(db, {
      handoffId: handoff.id,
      at: now,
      kind: 'comment',
      text: `${payload.comment.user.login} commented`,
      url: payload.comment.html_url,
    });
  }
  return found.length > 0 ? 'comment recorded' : 'no hand-off';
}

async function onIssues(db: Db, payload: IssuesPayload, now: Date): Promise<string> {
  if (payload.action !== 'closed' && payload.action !== 'reopened') return 'ignored';
  const found = await handoffsFor(db, payload.installation?.id, payload.repository.full_name, [payload.issue.number]);
  for (const handoff of found) {
    await appendHandoffEvent(db, {
      handoffId: handoff.id,
      at: now,
      kind: 'issue',
      text: `Issue #${payload.issue.number} ${payload.action}`,
      url: payload.issue.html_url,
    });
  }
  return found.length > 0 ? `issue ${payload.action}` : 'no hand-off';
}

/** Applies one stored delivery; answers what it did, for the delivery's row and the log. */
export async function applyGithubEvent(db: Db, event: string, payload: Record<string, unknown>, now: Date) {
  switch (event) {
    case 'pull_request':
      return onPullRequest(db, payload as unknown as PullRequestPayload, now);
    case 'create':
      return onCreate(db, payload as unknown as CreatePayload, now);
    case 'issue_comment':
      return onIssueComment(db, payload as unknown as IssueCommentPayload, now);
    case 'issues':
      return onIssues(db, payload as unknown as IssuesPayload, now);
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
