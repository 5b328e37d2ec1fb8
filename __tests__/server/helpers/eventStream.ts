/** A browser's EventSource, by hand: reads a server-sent event stream and waits for messages. */
export interface StreamMessage {
  id: string | null;
  event: string;
  data: unknown;
}

export interface EventStreamReader {
  status: number;
  /** Resolves with the first message (not yet taken) that matches, or rejects after `ms`. */
  next(match?: (message: StreamMessage) => boolean, ms?: number): Promise<StreamMessage>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openEventStream(url: string, headers: Record<string, string>): Promise<EventStreamReader> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const messages: StreamMessage[] = [];
  const waiters = new Set<() => void>();
  let buffer = '';
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let boundary: number;
        while ((boundary = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => line && !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trimStart()]),
          );
          if (fields['data'] === undefined) continue;
          messages.push({
            id: fields['id'] ?? null,
            event: fields['event'] ?? 'message',
            data: JSON.parse(fields['data']),
          });
          waiters.forEach((wake) => wake());
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    status: response.status,
    ended,
    close: () => controller.abort(),
    next(match = () => true, ms = 2_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const at = messages.findIndex(match);
          if (at < 0) return false;
          waiters.delete(look);
          clearTimeout(timer);
          resolve(messages.splice(at, 1)[0]!);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(new Error(`no matching event within ${ms} ms; received ${JSON.stringify(messages)}`));
        }, ms);
        if (!look()) waiters.add(look);
      });
    },
  };
}
