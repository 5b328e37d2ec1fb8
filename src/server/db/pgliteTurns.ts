import type { PGlite, Transaction } from '@electric-sql/pglite';

/** Lets the event loop run (accept connections, read requests, fire timers) before the next statement. */
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

function pausingQueries<T extends PGlite | Transaction>(target: T): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      if (property === 'query' || property === 'exec') {
        return async (...args: unknown[]) => {
          await pause();
          return (value as (...args: unknown[]) => unknown).apply(object, args);
        };
      }
      if (property === 'transaction') {
        return (work: (tx: Transaction) => Promise<unknown>) =>
          (value as (work: (tx: Transaction) => Promise<unknown>) => Promise<unknown>).call(object, (tx) =>
            work(pausingQueries(tx)),
          );
      }
      return (value as (...args: unknown[]) => unknown).bind(object);
    },
  });
}

/**
 * PGlite runs each statement on the main thread and answers through promises alone, so a busy server
 * would go from statement to statement without the event loop ever polling: new connections would wait
 * in the accept queue for seconds while the requests already in took every turn. A pause before each
 * statement gives every connection its chance, in order.
 */
export const withPausesBetweenStatements = (client: PGlite): PGlite => pausingQueries(client);
