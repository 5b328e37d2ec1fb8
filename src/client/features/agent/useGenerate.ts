import { useCallback, useEffect, useRef, useState } from 'react';
import { nanoid } from '@reduxjs/toolkit';
import { useGenerateAgentContentMutation, type GenerateArg } from '../../api/agent';
import { listenToGeneration } from '../../api/generationStream';
import { errorMessage } from '../../api/envelopeBaseQuery';
import type { AgentKind, DraftedBy } from '../../../shared/contract/agent';

export interface Generated<T> {
  content: T;
  draftedBy: DraftedBy;
}

/**
 * Runs generations of one kind (for one item, for per-item kinds): one at a time, cancellable, with
 * the seconds it has been running. The server writes each generated part into the stored draft.
 */
export function useGenerate(kind: AgentKind, itemId?: string | null) {
  const [mutate, state] = useGenerateAgentContentMutation();
  const running = useRef<{ abort(): void } | null>(null);
  const [seconds, setSeconds] = useState(0);
  // The content so far, as the server streams it (unchecked, possibly incomplete); null when idle.
  const [partial, setPartial] = useState<unknown>(null);

  useEffect(() => {
    if (!state.isLoading) return;
    setSeconds(0);
    const timer = setInterval(() => setSeconds((value) => value + 1), 1000);
    return () => clearInterval(timer);
  }, [state.isLoading]);

  // Leaving the page stops a generation still running: nothing is counted for it.
  useEffect(() => () => running.current?.abort(), []);

  const generate = useCallback(
    async <T>(contentId: string, inputModel: Record<string, unknown>): Promise<Generated<T>> => {
      // The body's shape is the pair's: checked by the server against the pair's own schema.
      const body = { contentId, itemId: itemId ?? null, inputModel } as GenerateArg['body'];
      const streamId = nanoid();
      const stopListening = listenToGeneration(streamId, setPartial);
      const arg: GenerateArg = { contextId: kind, body, streamId };
      const request = mutate(arg);
      running.current = request;
      try {
        const answer = await request.unwrap();
        return { content: answer.content as T, draftedBy: answer.draftedBy };
      } catch (error) {
        if ((error as { name?: string }).name === 'AbortError') throw new Error('Stopped. Nothing was counted.');
        throw new Error(errorMessage(error));
      } finally {
        stopListening();
        setPartial(null);
        running.current = null;
      }
    },
    [mutate, kind, itemId],
  );

  return {
    generate,
    isGenerating: state.isLoading,
    seconds,
    partial,
    cancel: useCallback(() => running.current?.abort(), []),
  };
}
