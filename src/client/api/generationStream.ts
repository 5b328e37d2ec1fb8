/**
 * Reads a generation answered as server-sent events (docs/ai.md "Progress while generating"): each
 * `partial` goes to whoever listens for that generation, and the `done` or `error` envelope becomes
 * the answer, which the envelope base query then unwraps like any other. A plain JSON answer (a
 * refusal before generation started) passes through as it is.
 */
import { createParser } from 'eventsource-parser';

const listeners = new Map<string, (content: unknown) => void>();

/** Calls `listener` with the content so far of the generation `streamId`, until the returned cleanup. */
export function listenToGeneration(streamId: string, listener: (content: unknown) => void) {
  listeners.set(streamId, listener);
  return () => {
    listeners.delete(streamId);
  };
}

const endedEarly = {
  result: 'Failed',
  message: 'The generation stopped before it finished. Nothing was counted and your draft is unchanged.',
};

export function eventStreamHandler(streamId: string) {
  return async (response: Response): Promise<unknown> => {
    const type = response.headers.get('content-type') ?? '';
    if (!type.startsWith('text/event-stream') || !response.body) {
      const text = await response.text();
      return text ? JSON.parse(text) : null;
    }
    let answer: unknown = endedEarly;
    const parser = createParser({
      onEvent(event) {
        const data = JSON.parse(event.data) as { content?: unknown };
        if (event.event === 'partial') listeners.get(streamId)?.(data.content);
        else if (event.event === 'done' || event.event === 'error') answer = data;
      },
    });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    return answer;
  };
}
