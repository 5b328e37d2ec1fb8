/**
 * Runs on the agent's work (workflow_run, check_suite): the agent's own job failing is the agent
 * failing (`error`); a check (CI) failing on its branch or pull request is `checksFailing`; a success
 * clears either.
 */
import { and } from 'drizzle-orm';
import type { Db } from '../db/types';
import type { HandoffRow } from '../db/schema';
import { handoffWhere, lockInstallationHandoffs } from '../repositories/handoffs';
import { AGENT_BRANCH } from './githubLinks';
import { appendAndTell, handoffsFor, moveHandoff } from './githubHandoffs';

interface Run {
  conclusion: string | null;
  head_branch: string | null;
  pull_requests: { number: number }[];
}
export interface WorkflowRunPayload {
  action: string;
  installation?: { id: number };
  repository: { full_name: string };
  workflow_run: Run & { id: number; name: string | null; html_url: string; status: string };
}
export interface CheckSuitePayload {
  action: string;
  installation?: { id: number };
  repository: { full_name: string };
  check_suite: Run & { id: number; app?: { slug?: string; name?: string } | null };
}

const FAILED = ['failure', 'timed_out', 'startup_failure', 'action_required'];

/** The hand-offs a run is about: by the agent's job id, its branch, or one of its pull requests. */
async function handoffsOfRun(
  db: Db,
  payload: { installation?: { id: number }; repository: { full_name: string } },
  run: Run & { id: number },
  byRunId: boolean,
) {
  const installationId = payload.installation!.id;
  const repository = payload.repository.full_name;
  const byIssue = AGENT_BRANCH.exec(run.head_branch ?? '');
  const candidates = byIssue ? await handoffsFor(db, installationId, repository, [Number(byIssue[1])]) : [];
  const runId = byRunId ? run.id : null;
  const branch = run.head_branch ?? null;
  const rows =
    runId === null && branch === null
      ? []
      : await lockInstallationHandoffs(
          db,
          installationId,
          and(handoffWhere.repository(repository), handoffWhere.runOrBranch(runId, branch)),
        );
  const found = new Map([...candidates, ...rows].map((handoff) => [handoff.id, handoff]));
  // A pull request's checks: the hand-off whose pull request it is.
  const prNumbers = new Set(run.pull_requests.map((pr) => pr.number));
  return [...found.values()].concat(
    prNumbers.size === 0 ? [] : await byPullRequest(db, installationId, repository, prNumbers, found),
  );
}

async function byPullRequest(
  db: Db,
  installationId: number,
  repository: string,
  numbers: Set<number>,
  already: Map<string, HandoffRow>,
) {
  const rows = await lockInstallationHandoffs(
    db,
    installationId,
    and(handoffWhere.repository(repository), handoffWhere.hasPullRequests()),
  );
  return rows.filter(
    (handoff) => !already.has(handoff.id) && handoff.pullRequests.some((pr) => numbers.has(pr.number)),
  );
}

/** A finished workflow run: the agent's job (its run id) or a check on its branch or pull request. */
export async function onWorkflowRun(db: Db, payload: WorkflowRunPayload, now: Date): Promise<string> {
  const run = payload.workflow_run;
  if (payload.action !== 'completed' || payload.installation === undefined) return 'ignored';
  const found = await handoffsOfRun(db, payload, run, true);
  const failed = FAILED.includes(run.conclusion ?? '');
  for (const handoff of found) {
    const agentRun = handoff.runId === run.id;
    const succeeded = run.conclusion === 'success';
    if (failed) {
      await moveHandoff(
        db,
        handoff,
        { kind: 'runFailed', agentRun },
        now,
        agentRun || !handoff.jobUrl ? { jobUrl: run.html_url, runId: agentRun ? run.id : handoff.runId } : {},
      );
    } else if (succeeded) {
      await moveHandoff(db, handoff, { kind: 'runSucceeded' }, now);
    }
    const what = `${run.name ?? 'Workflow run'}${agentRun ? '' : ' (checks)'}`;
    await appendAndTell(db, handoff, {
      at: now,
      kind: failed ? 'error' : 'run',
      text: `${what} ${failed ? `failed (${run.conclusion})` : `finished: ${run.conclusion ?? run.status}`}`,
      url: run.html_url,
    });
  }
  return found.length > 0 ? `run ${run.conclusion}: ${found.length} hand-off(s)` : 'no hand-off';
}

/**
 * A finished check suite from another CI than GitHub Actions (whose runs come as workflow_run): its
 * failure on the agent's branch or pull request shows as checks failing; a success clears it.
 */
export async function onCheckSuite(db: Db, payload: CheckSuitePayload, now: Date): Promise<string> {
  const suite = payload.check_suite;
  if (payload.action !== 'completed' || payload.installation === undefined) return 'ignored';
  if (suite.app?.slug === 'github-actions') return 'ignored: GitHub Actions reports as workflow_run';
  const found = await handoffsOfRun(db, payload, suite, false);
  const failed = FAILED.includes(suite.conclusion ?? '');
  for (const handoff of found) {
    if (failed) await moveHandoff(db, handoff, { kind: 'runFailed', agentRun: false }, now);
    else if (suite.conclusion === 'success') await moveHandoff(db, handoff, { kind: 'runSucceeded' }, now);
    else continue;
    await appendAndTell(db, handoff, {
      at: now,
      kind: failed ? 'error' : 'run',
      text: `Checks by ${suite.app?.name ?? 'a CI'} ${failed ? `failed (${suite.conclusion})` : 'passed'}`,
    });
  }
  return found.length > 0 ? `checks ${suite.conclusion}: ${found.length} hand-off(s)` : 'no hand-off';
}
