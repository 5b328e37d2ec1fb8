import { Scope, Span } from '../../../src/shared/enums';
import { moveItemToBucket } from '../../../src/client/features/items/itemCommands';
import { dayBucket, planBackend, unscheduled, weekBucket } from '../helpers/handlers/planBackend';
import { boardStore } from './boardStore';

describe('moving to another bucket (spec §4)', () => {
  beforeEach(() => {
    planBackend.seed([
      { id: 'd1', description: 'Day one', bucket: dayBucket(20_000) },
      { id: 'd2', description: 'Day two', bucket: dayBucket(20_000) },
      { id: 'w1', description: 'Week one', bucket: weekBucket(2_857) },
      { id: 'w2', description: 'Week two', bucket: weekBucket(2_857) },
      { id: 'u1', description: 'Unscheduled', bucket: unscheduled() },
    ]);
  });

  it('goes to the start of a bucket earlier in the plan', async () => {
    const { store, idle, ids } = await boardStore();
    store.dispatch(moveItemToBucket('u1', weekBucket(2_857)));
    expect(ids(weekBucket(2_857))).toEqual(['u1', 'w1', 'w2']);
    await idle();
    expect(planBackend.bucketItems('project-1', weekBucket(2_857)).map((item) => item.id)).toEqual(['u1', 'w1', 'w2']);
  });

  it('goes to the end of a bucket later in the plan', async () => {
    const { store, idle, ids } = await boardStore();
    store.dispatch(moveItemToBucket('d1', weekBucket(2_857)));
    expect(ids(weekBucket(2_857))).toEqual(['w1', 'w2', 'd1']);
    await idle();
    expect(planBackend.bucketItems('project-1', weekBucket(2_857)).map((item) => item.id)).toEqual(['w1', 'w2', 'd1']);
  });

  it('out of scope is later than anything in scope; unscheduled is last within a scope', async () => {
    const { store, idle, ids } = await boardStore();
    store.dispatch(moveItemToBucket('u1', dayBucket(20_000, Scope.OutOfScope)));
    store.dispatch(moveItemToBucket('w1', dayBucket(20_000, Scope.OutOfScope)));
    store.dispatch(moveItemToBucket('d2', unscheduled()));
    expect(ids(dayBucket(20_000, Scope.OutOfScope))).toEqual(['u1', 'w1']);
    expect(ids(unscheduled())).toEqual(['d2']);
    await idle();
  });

  it('keeps histories out of the store: the server records the change, the item panel reads it', async () => {
    const { store, idle, item } = await boardStore();
    const before = planBackend.contextOf(
      planBackend.items.find((i) => i.id === 'u1')!,
      'project-1',
    )!.assignmentHistory.length;
    store.dispatch(
      moveItemToBucket('u1', { scope: Scope.InScope, assignedTimeframe: { span: Span.Week, index: 2_857 } }),
    );
    await idle();
    expect(item('u1')!.plan).not.toHaveProperty('assignmentHistory');
    const history = planBackend.contextOf(
      planBackend.items.find((i) => i.id === 'u1')!,
      'project-1',
    )!.assignmentHistory;
    expect(history).toHaveLength(before + 1);
    expect(history.at(-1)?.assignment.assignedTimeframe).toEqual({ span: 1, index: 2_857 });
  });

  it('to its own bucket changes nothing', async () => {
    const { store, idle } = await boardStore();
    expect(store.dispatch(moveItemToBucket('w1', weekBucket(2_857)))).toBe(false);
    await idle();
    expect(planBackend.log.filter((line) => line.startsWith('move'))).toEqual([]);
  });
});
