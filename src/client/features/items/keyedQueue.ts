/**
 * Runs async tasks one after another per key (spec §4: updates to one item in turn per item id,
 * project-context updates in turn per project). Tasks of different keys run side by side. A failed
 * task does not stop the ones queued behind it.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();
  private readonly aliases = new Map<string, string>();

  /** From now on `key` shares the queue of `target` (an item's server id shares its temporary id's). */
  alias(key: string, target: string) {
    if (key !== target) this.aliases.set(key, this.resolve(target));
  }

  resolve(key: string): string {
    return this.aliases.get(key) ?? key;
  }

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const queueKey = this.resolve(key);
    const previous = this.tails.get(queueKey) ?? Promise.resolve();
    const result = previous.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(queueKey, tail);
    void tail.then(() => {
      if (this.tails.get(queueKey) === tail) this.tails.delete(queueKey);
    });
    return result;
  }

  /** Whether anything is queued or running under `key`. */
  isBusy(key: string): boolean {
    return this.tails.has(this.resolve(key));
  }

  /** Settles once everything queued so far has run (tests, and waiting before a reload). */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all([...this.tails.values()]);
  }
}
