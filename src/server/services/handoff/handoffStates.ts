/**
 * The hand-off's state machine (docs/handoff.md): the one place that decides a hand-off's next state.
 * Pure: what GitHub, the agent over MCP (or the sweep for stale hand-offs) reports comes in as an event,
 * the next state and the state a pause will resume to come out. Complete is final.
 */
import type { HandoffState } from '../../../shared/contract/handoff';

export interface HandoffSnapshot {
  state: HandoffState;
  /** While paused: the state it resumes to. */
  pausedFrom: HandoffState | null;
  /** Whether one of its pull requests is open (after the event's own change to them). */
  openPullRequest: boolean;
}

export type HandoffEvent =
  /** The agent shows it is at work: its branch, its comment, its job (only known agent bots count). */
  | { kind: 'agentSign' }
  | { kind: 'pullRequestOpened' }
  | { kind: 'pullRequestMerged' }
  | { kind: 'pullRequestClosed' }
  /** A failed run: the agent's own job, or a check (CI) on the agent's branch or pull request. */
  | { kind: 'runFailed'; agentRun: boolean }
  | { kind: 'runSucceeded' }
  | { kind: 'issueClosed' }
  | { kind: 'issueReopened' }
  /** No sign of the agent for the configured time. */
  | { kind: 'noSign' }
  /** The agent's own word over MCP (record_progress). */
  | { kind: 'agentReported'; state: AgentReportedState }
  /** The installation was suspended, or the app lost the repository. */
  | { kind: 'paused' }
  | { kind: 'resumed' };

/** The states an agent may report with record_progress. */
export const AGENT_REPORTED_STATES = ['active', 'awaitingInput', 'complete', 'error'] as const;
export type AgentReportedState = (typeof AGENT_REPORTED_STATES)[number];

/** Where the work is when nothing failed: a pull request open, or the agent at it. */
const working = (snapshot: HandoffSnapshot): HandoffState => (snapshot.openPullRequest ? 'prOpen' : 'active');

/** The next state of a hand-off that is not paused. */
function next(snapshot: HandoffSnapshot, event: HandoffEvent): HandoffState {
  const { state } = snapshot;
  if (state === 'complete') return 'complete';
  switch (event.kind) {
    case 'pullRequestMerged':
      return 'complete';
    case 'pullRequestOpened':
      return state === 'checksFailing' && snapshot.openPullRequest ? 'checksFailing' : 'prOpen';
    case 'pullRequestClosed':
      if (snapshot.openPullRequest) return state;
      return 'closedUnmerged';
    case 'agentSign':
      // A comment after a failure or a close does not undo it; only a success or a reopening does.
      return ['pending', 'stale', 'active'].includes(state) ? working(snapshot) : state;
    case 'runFailed':
      if (event.agentRun) return 'error';
      return snapshot.openPullRequest ? 'checksFailing' : state;
    case 'runSucceeded':
      return ['error', 'checksFailing', 'stale', 'pending'].includes(state) ? working(snapshot) : state;
    case 'issueClosed':
      return snapshot.openPullRequest ? state : 'closedUnmerged';
    case 'issueReopened':
      return state === 'closedUnmerged' ? working(snapshot) : state;
    case 'noSign':
      return ['pending', 'active', 'awaitingInput'].includes(state) ? 'stale' : state;
    case 'agentReported':
      // At work again: a pull request stays open, and failing checks stay failing until CI passes.
      if (event.state !== 'active') return event.state;
      return state === 'checksFailing' ? state : working(snapshot);
    case 'paused':
    case 'resumed':
      return state;
  }
}

/** The hand-off after the event: its state, and while paused the state it will resume to. */
export function handoffTransition(
  snapshot: HandoffSnapshot,
  event: HandoffEvent,
): { state: HandoffState; pausedFrom: HandoffState | null } {
  if (snapshot.state === 'complete') return { state: 'complete', pausedFrom: null };
  if (snapshot.state === 'paused') {
    const underlying = { ...snapshot, state: snapshot.pausedFrom ?? 'pending' };
    if (event.kind === 'resumed') return { state: underlying.state, pausedFrom: null };
    if (event.kind === 'paused') return { state: 'paused', pausedFrom: underlying.state };
    // What happens while paused still counts: it is where the hand-off resumes (a merge ends it at once).
    const after = next(underlying, event);
    return after === 'complete' ? { state: 'complete', pausedFrom: null } : { state: 'paused', pausedFrom: after };
  }
  if (event.kind === 'paused') return { state: 'paused', pausedFrom: snapshot.state };
  return { state: next(snapshot, event), pausedFrom: null };
}

/** The bots each agent acts as on GitHub: only these show the agent at work. */
export const AGENT_BOTS: Record<string, readonly string[]> = {
  'claude-code': ['claude[bot]'],
  copilot: ['copilot', 'copilot-swe-agent[bot]', 'copilot-swe-agent'],
  cursor: ['cursor[bot]'],
};

export const isAgentBot = (agent: string, login: string) => (AGENT_BOTS[agent] ?? []).includes(login.toLowerCase());
