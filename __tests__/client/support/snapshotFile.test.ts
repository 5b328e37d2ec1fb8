import { setupStore } from '../../../src/client/app/store';
import { recentActionTypes, RECENT_ACTION_COUNT } from '../../../src/client/features/support/recentActions';
import { snapshotOfStore } from '../../../src/client/features/support/exportSnapshot';
import {
  notASnapshotMessage,
  parseSnapshot,
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  snapshotFileName,
} from '../../../src/client/features/support/snapshot';
import { filtersChanged } from '../../../src/client/features/board/boardSlice';
import { CONTENT_REMOVED } from '../../../src/client/features/support/redaction';
import { setupReplayStore } from '../../../src/client/features/support/replayStore';
import {
  planningConflictKey,
  planningEditConflicted,
  selectPlanningConflict,
} from '../../../src/client/features/teams/planningConflictsSlice';
import { signedInState } from '../sites/renderApp';
import { ItemType } from '../../../src/shared/enums';

describe('the snapshot file', () => {
  it('carries the build, time, route, recent action types (no payloads) and the redacted state', () => {
    const { store } = setupStore(signedInState('ada@example.com'));
    store.dispatch(filtersChanged({ kind: ItemType.Demo, handoff: 3 }));
    const snapshot = snapshotOfStore(store, { includeContent: true, route: `/items/AE-1?kind=${ItemType.Demo}` });
    expect(snapshot).toMatchObject({
      format: SNAPSHOT_FORMAT,
      version: SNAPSHOT_VERSION,
      build: { hash: 'unknown', date: 'unknown' },
      route: `/items/AE-1?kind=${ItemType.Demo}`,
      includesContent: true,
    });
    expect(snapshot.recentActions).toContain('board/filtersChanged');
    // Types only: the payload (handoff 3) is nowhere in the list.
    expect(snapshot.recentActions.join()).not.toMatch(/3/);
    expect(snapshot.state.board.filters.kind).toBe(ItemType.Demo);
    expect(snapshot.state.coreContext.context?.userContext.emailAddress).toBe('ada@example.com');
    // The team comes from its own slice: the session context holds none of it.
    expect(snapshot.state.team.active?.teamName).toBe('Analytical Engines');
    expect(Object.keys(snapshot.state.api)).toEqual(['queries']);
    expect(snapshotFileName(snapshot)).toMatch(/^baton-snapshot-\d{4}-\d\d-\d\dT[\d-]+Z\.json$/);
    expect(parseSnapshot(JSON.stringify(snapshot))).toEqual({ ok: true, snapshot });
  });

  it('keeps an unresolved planning conflict, and without "Include content" none of the plan\'s or global data\'s text', () => {
    const state = signedInState('ada@example.com');
    const team = {
      ...state.team,
      active: { ...state.team.active!, goToMarketPlan: { launch: 'Secret launch in May' } },
    };
    const { store } = setupStore({ ...state, team });
    const conflict = {
      teamId: 'team-1',
      field: 'globalTeamData' as const,
      mine: { tone: 'Mine: calm', seats: 5 },
      theirs: { tone: 'Theirs: bold', seats: 6 },
    };
    store.dispatch(planningEditConflicted(conflict));
    const key = planningConflictKey('team-1', 'globalTeamData');

    const withContent = snapshotOfStore(store, { includeContent: true, route: '/settings/planning' });
    expect(withContent.state.planningConflicts[key]).toEqual({ mine: conflict.mine, theirs: conflict.theirs });
    const replay = setupReplayStore(withContent);
    expect(selectPlanningConflict(replay.getState(), 'team-1', 'globalTeamData')).toEqual({
      mine: conflict.mine,
      theirs: conflict.theirs,
    });

    const without = snapshotOfStore(store, { includeContent: false, route: '/settings/planning' });
    expect(without.state.planningConflicts[key]).toEqual({
      mine: { tone: CONTENT_REMOVED, seats: 5 },
      theirs: { tone: CONTENT_REMOVED, seats: 6 },
    });
    expect(without.state.team.active?.goToMarketPlan).toEqual({ launch: CONTENT_REMOVED });
    expect(JSON.stringify(without)).not.toMatch(/Secret launch|Mine: calm|Theirs: bold/);
  });

  it('reads a snapshot taken before the board loaded in two parts as a whole board', () => {
    const { store } = setupStore(signedInState('ada@example.com'));
    const snapshot = snapshotOfStore(store, { includeContent: true, route: '/' });
    const older: Record<string, unknown> = { ...snapshot.state.items };
    for (const field of ['complete', 'unloadedCounts', 'headEventId', 'changeMissed', 'restError']) delete older[field];
    const parsed = parseSnapshot(JSON.stringify({ ...snapshot, state: { ...snapshot.state, items: older } }));
    expect(parsed.ok && parsed.snapshot.state.items).toEqual({
      ...older,
      complete: true,
      unloadedCounts: {},
      headEventId: null,
      changeMissed: false,
      restError: null,
    });
  });

  it('keeps only the last action types, oldest first', () => {
    const { store } = setupStore();
    for (let i = 0; i < RECENT_ACTION_COUNT + 5; i++) store.dispatch({ type: `test/${i}` });
    const types = recentActionTypes(store.getState);
    expect(types).toHaveLength(RECENT_ACTION_COUNT);
    expect(types[0]).toBe('test/5');
    expect(types.at(-1)).toBe(`test/${RECENT_ACTION_COUNT + 4}`);
  });

  it.each([
    ['not JSON', 'hello', `${notASnapshotMessage} It is not JSON.`],
    ['another JSON file', '{"name":"package"}', notASnapshotMessage],
    ['another format version', JSON.stringify({ format: SNAPSHOT_FORMAT, version: 1 }), /format version 1/],
    [
      'a signed-out state',
      JSON.stringify({
        format: SNAPSHOT_FORMAT,
        version: SNAPSHOT_VERSION,
        build: { hash: 'h', date: 'd' },
        takenAt: new Date().toISOString(),
        route: '/',
        includesContent: true,
        recentActions: [],
        state: { coreContext: { status: 'signedOut', context: null } },
      }),
      /no signed-in user/,
    ],
  ])('refuses %s with a reason', (_name, text, message) => {
    const parsed = parseSnapshot(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(message);
  });
});
