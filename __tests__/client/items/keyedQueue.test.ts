import { KeyedQueue } from '../../../src/client/features/items/keyedQueue';

/** A task that records when it starts and ends, and finishes when told. */
function controlledTask(log: string[], name: string) {
  let finish!: (value: string) => void;
  let failWith!: (error: Error) => void;
  const task = () => {
    log.push(`start ${name}`);
    return new Promise<string>((resolve, reject) => {
      finish = (value) => {
        log.push(`end ${name}`);
        resolve(value);
      };
      failWith = (error) => {
        log.push(`fail ${name}`);
        reject(error);
      };
    });
  };
  return { task, finish: (value = name) => finish(value), fail: (error = new Error(name)) => failWith(error) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('KeyedQueue', () => {
  it('runs tasks of one key one after another, in order', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const a = controlledTask(log, 'a');
    const b = controlledTask(log, 'b');
    const first = queue.run('item-1', a.task);
    const second = queue.run('item-1', b.task);
    await flush();
    expect(log).toEqual(['start a']);
    a.finish();
    await expect(first).resolves.toBe('a');
    await flush();
    expect(log).toEqual(['start a', 'end a', 'start b']);
    b.finish();
    await expect(second).resolves.toBe('b');
  });

  it('runs tasks of different keys side by side', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const a = controlledTask(log, 'a');
    const b = controlledTask(log, 'b');
    void queue.run('item-1', a.task);
    void queue.run('item-2', b.task);
    await flush();
    expect(log).toEqual(['start a', 'start b']);
    a.finish();
    b.finish();
    await queue.idle();
  });

  it('goes on after a failed task, and hands the failure to its caller only', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const a = controlledTask(log, 'a');
    const b = controlledTask(log, 'b');
    const first = queue.run('k', a.task);
    const second = queue.run('k', b.task);
    await flush();
    a.fail();
    await expect(first).rejects.toThrow('a');
    await flush();
    b.finish();
    await expect(second).resolves.toBe('b');
    expect(log).toEqual(['start a', 'fail a', 'start b', 'end b']);
  });

  it('an alias shares the queue of its target: a server id waits behind its temporary id', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const a = controlledTask(log, 'a');
    const b = controlledTask(log, 'b');
    void queue.run('tmp-1', a.task);
    queue.alias('item-9', 'tmp-1');
    void queue.run('item-9', b.task);
    await flush();
    expect(log).toEqual(['start a']);
    expect(queue.isBusy('item-9')).toBe(true);
    a.finish();
    await flush();
    expect(log).toEqual(['start a', 'end a', 'start b']);
    b.finish();
    await queue.idle();
    expect(queue.isBusy('tmp-1')).toBe(false);
  });
});
