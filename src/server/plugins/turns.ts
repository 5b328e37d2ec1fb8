/**
 * A first-come, first-served semaphore whose waits are bounded: `take` resolves with a release function
 * once one of `concurrency` turns is free, in the order callers arrived, or resolves null when none
 * came free within `maxWaitMs` (the caller is then out of the queue).
 */
export function createTurns(concurrency: number, maxWaitMs: number) {
  let running = 0;
  const waiting: { admit: () => void }[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next.admit();
    else running--;
  };
  const once = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
    };
  };

  return {
    take(): Promise<(() => void) | null> {
      if (running < concurrency) {
        running++;
        return Promise.resolve(once());
      }
      return new Promise((resolve) => {
        const waiter = {
          // The turn passes straight from the releasing caller to this one: `running` stays the same.
          admit: () => {
            clearTimeout(timer);
            resolve(once());
          },
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          resolve(null);
        }, maxWaitMs);
        waiting.push(waiter);
      });
    },
    /** Callers served now and waiting, for logs and tests. */
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}
