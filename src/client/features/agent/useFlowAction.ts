import { useCallback, useState } from 'react';

/**
 * Runs a flow's actions (save, generate, add) one after another and keeps the last one's failure as
 * the step's problem; a failure changes nothing already saved, so the user can simply try again.
 */
export function useFlowAction() {
  const [problem, setProblem] = useState<string | null>(null);
  const run = useCallback(async (action: () => Promise<void>) => {
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem((error as Error).message);
    }
  }, []);
  return { problem, setProblem, run };
}
