import { handoffTransition, isAgentBot, type HandoffEvent } from '../../src/server/services/handoff/handoffStates';
import type { HandoffState } from '../../src/shared/contract/handoff';

const sign: HandoffEvent = { kind: 'agentSign' };
const opened: HandoffEvent = { kind: 'pullRequestOpened' };
const merged: HandoffEvent = { kind: 'pullRequestMerged' };
const closed: HandoffEvent = { kind: 'pullRequestClosed' };
const agentFailed: HandoffEvent = { kind: 'runFailed', agentRun: true };
const checksFailed: HandoffEvent = { kind: 'runFailed', agentRun: false };
const succeeded: HandoffEvent = { kind: 'runSucceeded' };
const issueClosed: HandoffEvent = { kind: 'issueClosed' };
const issueReopened: HandoffEvent = { kind: 'issueReopened' };
const noSign: HandoffEvent = { kind: 'noSign' };
const paused: HandoffEvent = { kind: 'paused' };
const resumed: HandoffEvent = { kind: 'resumed' };
const reported = (state: 'active' | 'awaitingInput' | 'complete' | 'error'): HandoffEvent => ({
  kind: 'agentReported',
  state,
});

/** [state, open pull request after the event, event, next state] */
const table: [HandoffState, boolean, HandoffEvent, HandoffState][] = [
  ['pending', false, sign, 'active'],
  ['pending', true, opened, 'prOpen'],
  ['pending', false, noSign, 'stale'],
  ['pending', false, agentFailed, 'error'],
  ['pending', false, issueClosed, 'closedUnmerged'],
  ['active', false, sign, 'active'],
  ['active', true, opened, 'prOpen'],
  ['active', false, noSign, 'stale'],
  ['active', false, checksFailed, 'active'],
  ['awaitingInput', false, noSign, 'stale'],
  ['prOpen', true, sign, 'prOpen'],
  ['prOpen', true, noSign, 'prOpen'],
  ['prOpen', true, checksFailed, 'checksFailing'],
  ['prOpen', true, agentFailed, 'error'],
  ['prOpen', true, merged, 'complete'],
  ['prOpen', false, closed, 'closedUnmerged'],
  ['prOpen', true, closed, 'prOpen'],
  ['prOpen', true, issueClosed, 'prOpen'],
  ['checksFailing', true, succeeded, 'prOpen'],
  ['checksFailing', true, sign, 'checksFailing'],
  ['checksFailing', true, merged, 'complete'],
  ['error', false, succeeded, 'active'],
  ['error', true, succeeded, 'prOpen'],
  ['error', false, sign, 'error'],
  ['error', true, opened, 'prOpen'],
  ['error', false, noSign, 'error'],
  ['closedUnmerged', true, opened, 'prOpen'],
  ['closedUnmerged', false, issueReopened, 'active'],
  ['closedUnmerged', false, sign, 'closedUnmerged'],
  ['closedUnmerged', false, merged, 'complete'],
  ['stale', false, sign, 'active'],
  ['stale', true, opened, 'prOpen'],
  ['stale', false, succeeded, 'active'],
  // The agent's own word over MCP (record_progress).
  ['pending', false, reported('active'), 'active'],
  ['stale', false, reported('active'), 'active'],
  ['awaitingInput', false, reported('active'), 'active'],
  ['awaitingInput', true, reported('active'), 'prOpen'],
  ['error', false, reported('active'), 'active'],
  ['prOpen', true, reported('active'), 'prOpen'],
  ['checksFailing', true, reported('active'), 'checksFailing'],
  ['active', false, reported('awaitingInput'), 'awaitingInput'],
  ['prOpen', true, reported('awaitingInput'), 'awaitingInput'],
  ['active', false, reported('error'), 'error'],
  ['active', true, reported('complete'), 'complete'],
  ['complete', false, reported('active'), 'complete'],
  ['complete', false, reported('error'), 'complete'],
  ['complete', false, reported('awaitingInput'), 'complete'],
  // Never back from complete: a late ready_for_review, synchronize, failure or pause changes nothing.
  ['complete', true, opened, 'complete'],
  ['complete', true, sign, 'complete'],
  ['complete', false, agentFailed, 'complete'],
  ['complete', false, closed, 'complete'],
  ['complete', false, issueReopened, 'complete'],
  ['complete', false, noSign, 'complete'],
  ['complete', false, paused, 'complete'],
];

describe('the hand-off state machine', () => {
  it('keeps a paused hand-off paused when the agent reports, resuming to what it reported', () => {
    expect(
      handoffTransition({ state: 'paused', pausedFrom: 'active', openPullRequest: false }, reported('awaitingInput')),
    ).toEqual({ state: 'paused', pausedFrom: 'awaitingInput' });
    expect(
      handoffTransition({ state: 'paused', pausedFrom: 'active', openPullRequest: false }, reported('complete')),
    ).toEqual({ state: 'complete', pausedFrom: null });
  });

  it.each(table)('%s (open PR: %s) + %j → %s', (state, openPullRequest, event, expected) => {
    expect(handoffTransition({ state, pausedFrom: null, openPullRequest }, event)).toEqual({
      state: expected,
      pausedFrom: null,
    });
  });

  it.each<HandoffState>(['pending', 'active', 'prOpen', 'checksFailing', 'error', 'stale', 'closedUnmerged'])(
    'a pause keeps %s to resume to; resuming returns to it',
    (state) => {
      const pausedState = handoffTransition({ state, pausedFrom: null, openPullRequest: false }, paused);
      expect(pausedState).toEqual({ state: 'paused', pausedFrom: state });
      expect(handoffTransition({ ...pausedState, openPullRequest: false }, resumed)).toEqual({
        state,
        pausedFrom: null,
      });
    },
  );

  it('what happens while paused is where it resumes; a merge while paused completes it', () => {
    const pausedActive = { state: 'paused' as const, pausedFrom: 'active' as const, openPullRequest: true };
    expect(handoffTransition(pausedActive, opened)).toEqual({ state: 'paused', pausedFrom: 'prOpen' });
    expect(handoffTransition(pausedActive, merged)).toEqual({ state: 'complete', pausedFrom: null });
    expect(handoffTransition({ ...pausedActive, openPullRequest: false }, noSign)).toEqual({
      state: 'paused',
      pausedFrom: 'stale',
    });
  });

  it('only the agents’ own bots count as the agent', () => {
    expect(isAgentBot('claude-code', 'claude[bot]')).toBe(true);
    expect(isAgentBot('copilot', 'Copilot')).toBe(true);
    expect(isAgentBot('cursor', 'cursor[bot]')).toBe(true);
    expect(isAgentBot('claude-code', 'dependabot[bot]')).toBe(false);
    expect(isAgentBot('claude-code', 'copilot-swe-agent[bot]')).toBe(false);
  });
});
