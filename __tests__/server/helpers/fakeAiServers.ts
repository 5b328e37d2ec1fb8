/**
 * Small fakes of the AI APIs Baton talks to, over real HTTP on 127.0.0.1: an OpenAI-compatible chat
 * completions server (Ollama, LM Studio, vLLM speak this) and Anthropic's messages API. Each test
 * says what the next answers are: content, an HTTP error, raw text, or no answer at all (a hang).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeAnswer =
  { content: unknown } | { status: number; body?: unknown } | { rawText: string } | { hang: true };

export interface RecordedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface FakeAiServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** How many hanging answers were closed by the other side (an aborted call). */
  readonly hangsClosed: number;
  /** Answers in turn; the last one repeats. */
  answerWith(...answers: FakeAnswer[]): void;
  close(): Promise<void>;
}

type Shape = (answer: { content: unknown } | { rawText: string }, request: RecordedRequest) => unknown;
/** A streamed answer: the server-sent events' data lines, in order. */
class EventStreamAnswer {
  constructor(readonly events: string[]) {}
}

async function startFake(path: string, shape: Shape, apiPrefix: string): Promise<FakeAiServer> {
  const requests: RecordedRequest[] = [];
  let queue: FakeAnswer[] = [{ status: 500, body: { error: { message: 'no answer configured' } } }];
  const hanging = new Set<http.ServerResponse>();
  let hangsClosed = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const recorded: RecordedRequest = { path: req.url ?? '', headers: req.headers, body: raw ? JSON.parse(raw) : {} };
      requests.push(recorded);
      const answer = queue.length > 1 ? queue.shift()! : queue[0]!;
      if (req.url !== path) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'unknown path' }));
      } else if ('hang' in answer) {
        hanging.add(res);
        res.on('close', () => hanging.delete(res) && hangsClosed++);
      } else if ('status' in answer) {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body ?? { error: { message: `fake failure ${answer.status}` } }));
      } else {
        const shaped = shape(answer, recorded);
        if (shaped instanceof EventStreamAnswer) {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          for (const data of shaped.events) res.write(`data: ${data}\n\n`);
          res.end();
        } else {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(shaped));
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${apiPrefix}`,
    requests,
    get hangsClosed() {
      return hangsClosed;
    },
    answerWith: (...answers) => {
      queue = answers;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const textOf = (answer: { content: unknown } | { rawText: string }) =>
  'rawText' in answer ? answer.rawText : JSON.stringify(answer.content);

/** The answer's text in three chunks, as a streamed chat completion (`stream: true`). */
function chatCompletionChunks(text: string, model: unknown) {
  const third = Math.ceil(text.length / 3);
  const pieces = [text.slice(0, third), text.slice(third, 2 * third), text.slice(2 * third)];
  const chunk = (delta: object, finish: string | null, extra: object = {}) =>
    JSON.stringify({
      id: 'chatcmpl-fake',
      object: 'chat.completion.chunk',
      created: 1_763_900_000,
      model,
      choices: [{ index: 0, delta, finish_reason: finish }],
      ...extra,
    });
  return new EventStreamAnswer([
    chunk({ role: 'assistant', content: '' }, null),
    ...pieces.map((content) => chunk({ content }, null)),
    chunk({}, 'stop', { usage: { prompt_tokens: 12, completion_tokens: 34, total_tokens: 46 } }),
    '[DONE]',
  ]);
}

/** POST /v1/chat/completions, as OpenAI's chat API and every compatible server answer it (whole or streamed). */
export function startFakeOpenAiCompatible(): Promise<FakeAiServer> {
  return startFake(
    '/v1/chat/completions',
    (answer, request) =>
      request.body.stream === true
        ? chatCompletionChunks(textOf(answer), request.body.model)
        : {
            id: 'chatcmpl-fake',
            object: 'chat.completion',
            created: 1_763_900_000,
            model: request.body.model,
            choices: [{ index: 0, message: { role: 'assistant', content: textOf(answer) }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 12, completion_tokens: 34, total_tokens: 46 },
          },
    '/v1',
  );
}

/** POST /v1/messages, Anthropic's messages API: text for native structured output, a `json` tool call otherwise. */
export function startFakeAnthropic(): Promise<FakeAiServer> {
  return startFake(
    '/v1/messages',
    (answer, request) => {
      const tools = (request.body.tools ?? []) as { name: string }[];
      const viaTool = tools.some((tool) => tool.name === 'json') && 'content' in answer;
      return {
        id: 'msg_fake',
        type: 'message',
        role: 'assistant',
        model: request.body.model,
        content: viaTool
          ? [{ type: 'tool_use', id: 'toolu_fake', name: 'json', input: (answer as { content: unknown }).content }]
          : [{ type: 'text', text: textOf(answer) }],
        stop_reason: viaTool ? 'tool_use' : 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 12, output_tokens: 34 },
      };
    },
    '/v1',
  );
}
