import { createMoveBatches, type SendMoves } from '../../src/server/repositories/moveBatches';
import type { MoveCall, MoveCalled } from '../../src/server/repositories/moveCall';

/** A move as the batcher sees it: only its project and item matter here. */
const moveOf = (projectId: string, itemId: string) =>
  ({ projectId, itemId, sessionId: 's', changes: [] }) as unknown as MoveCall;
const answerOf = (call: MoveCall) => ({ linkId: call.itemId }) as unknown as MoveCalled;

/** A database call the test ends by hand: each call is recorded with the moves it carried. */
function controlledSend() {
  const calls: { moves: string[]; finish: (error?: unknown) => void }[] = [];
  const send: SendMoves = (moves) =>
    new Promise((resolve, reject) => {
      calls.push({
        moves: moves.map((move) => `${move.projectId}/${move.itemId}`),
        finish: (error) => (error ? reject(error) : resolve(moves.map(answerOf))),
      });
    });
  return { calls, send };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('moves batched per project (repositories/moveBatches.ts)', () => {
  it('sends a move that arrives alone at once, and answers it', async () => {
    const { calls, send } = controlledSend();
    const batches = createMoveBatches(send, { calls: 4, movesPerCall: 32, slowCallMs: 25 });
    const answered = batches.move(moveOf('p', 'a'));
    expect(calls.map((call) => call.moves)).toEqual([['p/a']]);
    calls[0]!.finish();
    await expect(answered).resolves.toEqual({ linkId: 'a' });
  });

  it('holds a project’s moves while its call is under way, then sends them together in the order they came', async () => {
    const { calls, send } = controlledSend();
    const batches = createMoveBatches(send, { calls: 4, movesPerCall: 32, slowCallMs: 25 });
    const answers = ['a', 'b', 'c', 'd'].map((item) => batches.move(moveOf('p', item)));
    expect(calls.map((call) => call.moves)).toEqual([['p/a']]);
    calls[0]!.finish();
    await settle();
    expect(calls.map((call) => call.moves)).toEqual([['p/a'], ['p/b', 'p/c', 'p/d']]);
    calls[1]!.finish();
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c', 'd'].map((item) => ({ linkId: item })));
  });

  it('holds every project’s moves behind a quick call, and sends them together, by project', async () => {
    const { calls, send } = controlledSend();
    const batches = createMoveBatches(send, { calls: 4, movesPerCall: 32, slowCallMs: 25 });
    for (const [project, item] of [
      ['p1', 'a'],
      ['p2', 'b'],
      ['p4', 'c'],
      ['p3', 'd'],
      ['p1', 'e'],
      ['p4', 'f'],
    ] as const)
      void batches.move(moveOf(project, item));
    expect(calls.map((call) => call.moves)).toEqual([['p1/a']]);
    calls[0]!.finish();
    await settle();
    // Locked in one order: by project, each project's moves in the order they came.
    expect(calls[1]!.moves).toEqual(['p1/e', 'p2/b', 'p3/d', 'p4/c', 'p4/f']);
  });

  describe('beside a slow call', () => {
    beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate'] }));
    afterEach(() => jest.useRealTimers());

    it('starts another for the other projects once every call under way is slow, up to the calls allowed', async () => {
      const { calls, send } = controlledSend();
      const batches = createMoveBatches(send, { calls: 2, movesPerCall: 32, slowCallMs: 50 });
      void batches.move(moveOf('p1', 'a'));
      void batches.move(moveOf('p2', 'b'));
      void batches.move(moveOf('p1', 'c'));
      jest.advanceTimersByTime(49);
      expect(calls.map((call) => call.moves)).toEqual([['p1/a']]);
      jest.advanceTimersByTime(1);
      // p1 is still under way: its second move waits for it.
      expect(calls.map((call) => call.moves)).toEqual([['p1/a'], ['p2/b']]);
      void batches.move(moveOf('p3', 'd'));
      jest.advanceTimersByTime(500);
      expect(calls).toHaveLength(2);
      calls[1]!.finish();
      await settle();
      // The call left under way is slow: p3 goes beside it; p1 waits for its own.
      expect(calls[2]!.moves).toEqual(['p3/d']);
      calls[0]!.finish();
      await settle();
      // p3's call is quick so far: p1's move waits behind it until it turns slow.
      expect(calls).toHaveLength(3);
      jest.advanceTimersByTime(50);
      expect(calls[3]!.moves).toEqual(['p1/c']);
    });
  });

  it('puts no more than a call’s worth of moves in one call', async () => {
    const { calls, send } = controlledSend();
    const batches = createMoveBatches(send, { calls: 1, movesPerCall: 2, slowCallMs: 25 });
    for (const item of ['a', 'b', 'c', 'd', 'e']) void batches.move(moveOf('p', item));
    for (let i = 0; i < 3; i++) {
      calls[i]!.finish();
      await settle();
    }
    expect(calls.map((call) => call.moves)).toEqual([['p/a'], ['p/b', 'p/c'], ['p/d', 'p/e']]);
  });

  it('sends each move of a failed call to its own transaction (null) when the database refused the statement', async () => {
    const { calls, send } = controlledSend();
    const batches = createMoveBatches(send, { calls: 1, movesPerCall: 32, slowCallMs: 25 });
    const first = batches.move(moveOf('p', 'a'));
    const later = ['b', 'c'].map((item) => batches.move(moveOf('p', item)));
    calls[0]!.finish();
    await first;
    await settle();
    calls[1]!.finish(Object.assign(new Error('deadlock detected'), { code: '40P01' }));
    expect(await Promise.all(later)).toEqual([null, null]);
  });

  it('answers the error itself for a move alone, and for every move of a call whose connection failed', async () => {
    const { calls, send } = controlledSend();
    const batches = createMoveBatches(send, { calls: 1, movesPerCall: 32, slowCallMs: 25 });
    const alone = batches.move(moveOf('p', 'a'));
    const later = ['b', 'c'].map((item) => batches.move(moveOf('p', item)));
    calls[0]!.finish(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }));
    await expect(alone).rejects.toThrow('statement timeout');
    await settle();
    calls[1]!.finish(new Error('Connection terminated unexpectedly'));
    for (const answer of later) await expect(answer).rejects.toThrow('Connection terminated');
    // The project is free again.
    const next = batches.move(moveOf('p', 'd'));
    expect(calls).toHaveLength(3);
    calls[2]!.finish();
    await expect(next).resolves.toEqual({ linkId: 'd' });
  });
});
