/** Weight of the newest turn in the running estimate of how long a turn is held. */
const SERVICE_SMOOTHING = 0.2;

/**
 * A first-come, first-served semaphore that bounds a caller's whole answer, its wait and its turn:
 * `take` resolves with a release function once one of `concurrency` turns is free, in the order
 * callers arrived, or with null (the caller is then out of the queue) when the answer could not come
 * within `budgetMs`. It learns how long a turn is held (a running average), and turns a caller away
 * at once when the callers ahead of it would take longer than the budget allows, after waiting the
 * budget less a turn, or when a turn comes free too late to finish within the budget.
 */
export function createTurns(concurrency: number, budgetMs: number, now: () => number = () => performance.now()) {
  let running = 0;
  let serviceMs = 0;
  const waiting: { deadline: number; admit: () => void; turnAway: () => void }[] = [];

  const release = () => {
    for (let next = waiting.shift(); next; next = waiting.shift()) {
      if (now() + serviceMs <= next.deadline) return next.admit();
      next.turnAway();
    }
    running--;
  };
  const turn = () => {
    const admittedAt = now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      serviceMs += SERVICE_SMOOTHING * (now() - admittedAt - serviceMs);
      release();
    };
  };

  return {
    take(): Promise<(() => void) | null> {
      if (running < concurrency) {
        running++;
        return Promise.resolve(turn());
      }
      const maxWaitMs = budgetMs - serviceMs;
      // Callers ahead leave `concurrency` at a time, each after about serviceMs.
      const expectedWaitMs = Math.ceil((waiting.length + 1) / concurrency) * serviceMs;
      if (expectedWaitMs > maxWaitMs) return Promise.resolve(null);
      return new Promise((resolve) => {
        const waiter = {
          deadline: now() + budgetMs,
          // The turn passes straight from the releasing caller to this one: `running` stays the same.
          admit: () => {
            clearTimeout(timer);
            resolve(turn());
          },
          turnAway: () => {
            clearTimeout(timer);
            resolve(null);
          },
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          resolve(null);
        }, maxWaitMs);
        waiting.push(waiter);
      });
    },
    /** Callers served now and waiting, and how long a turn is held on average, for logs and tests. */
    get load() {
      return { running, waiting: waiting.length, serviceMs: Math.round(serviceMs) };
    },
  };
}
