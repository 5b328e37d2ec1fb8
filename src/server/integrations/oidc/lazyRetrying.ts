/**
 * Runs `load` on first use and shares its result afterwards (concurrent callers share one attempt).
 * A failed load is forgotten, so the next call tries again: a provider that was briefly unreachable
 * must not stay disabled until a restart.
 */
export function lazyRetrying<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
