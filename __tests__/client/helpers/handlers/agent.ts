import { http, HttpResponse } from 'msw';
import { createDrafter } from '../../../../src/server/ai/drafter';
import {
  findAgentPair,
  isPerItemKind,
  type AgentKind,
  type AgentProvider,
} from '../../../../src/shared/contract/agent';
import type { AgentDraft, PutDraftBody, StoredPattern } from '../../../../src/shared/contract/agentDrafts';
import { mockBackend, ok, unauthorizedBody } from './mockBackend';
import { quotaLimit } from './teams';
import { planBackend } from './planBackend';

const url = (path: string) => `${location.origin}/v1${path}`;
const unauthorized = () => HttpResponse.json(unauthorizedBody, { status: 401 });

/**
 * The server's side of the agent group: stored drafts per kind (and item), and generation by the
 * real built-in drafter, which writes its part into the draft as the server does.
 */
export const agentBackend = {
  drafts: new Map<string, AgentDraft>(),
  /** A provider's generations left this month; at 0 one answers QuotaLimit agent-actions. */
  actionsLeft: 100,
  /** The next PUT of a draft fails (500), changing nothing. */
  failNextPut: false,
  /** Given, a streamed generation sends its partial event and waits for it before `done`. */
  streamGate: null as Promise<void> | null,
  /** The next generation fails (502), changing nothing. */
  failNextGenerate: false,
  provider: {
    provider: 'none',
    draftedBy: 'drafter',
    model: null,
    baseUrl: null,
    timeoutSeconds: null,
  } as AgentProvider,
  puts: [] as { kind: string; body: PutDraftBody }[],
  generations: [] as { contextId: string; body: { contentId: string; itemId?: string | null; inputModel: unknown } }[],
  reset() {
    this.drafts = new Map();
    this.actionsLeft = 100;
    this.failNextPut = false;
    this.failNextGenerate = false;
    this.streamGate = null;
    this.provider = { provider: 'none', draftedBy: 'drafter', model: null, baseUrl: null, timeoutSeconds: null };
    this.puts = [];
    this.generations = [];
  },
  key: (kind: string, itemId?: string | null) => (itemId ? `${kind}/${itemId}` : kind),
  draft(kind: AgentKind, itemId?: string | null): AgentDraft {
    return (
      this.drafts.get(this.key(kind, itemId)) ?? {
        kind,
        projectId: isPerItemKind(kind) ? null : 'project-1',
        itemId: itemId ?? null,
        step: null,
        inputModel: {},
        content: {},
        draftedBy: null,
        updatedAt: null,
      }
    );
  },
  /** Seeds a stored draft, as an earlier session would have left it. */
  store(kind: AgentKind, changes: Partial<AgentDraft>, itemId?: string | null) {
    const draft = { ...this.draft(kind, itemId), updatedAt: new Date().toISOString(), ...changes };
    this.drafts.set(this.key(kind, itemId), draft);
    return draft;
  },
};

let patternSerial = 0;
const withPatternIds = (content: Record<string, unknown>) => {
  const part = content.patterns as { patterns?: StoredPattern[] } | undefined;
  if (!part?.patterns) return content;
  return {
    ...content,
    patterns: { patterns: part.patterns.map((p) => (p.id ? p : { ...p, id: `pattern-${++patternSerial}` })) },
  };
};

const drafter = createDrafter();

/** The first half of each string of the content: what a model might have written so far. */
const halfOf = (content: object) =>
  Object.fromEntries(
    Object.entries(content).map(([key, value]) => [
      key,
      typeof value === 'string' ? value.slice(0, value.length / 2) : value,
    ]),
  );

/** The answer as the server streams it: started, one partial, then done (docs/ai.md). */
function eventStream(content: object, answer: unknown) {
  const encoder = new TextEncoder();
  const event = (name: string, data: unknown) => encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  const stream = new ReadableStream({
    async start(controller) {
      controller.enqueue(event('started', {}));
      controller.enqueue(event('partial', { content: halfOf(content) }));
      await agentBackend.streamGate;
      controller.enqueue(event('done', answer));
      controller.close();
    },
  });
  return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

export const agentHandlers = [
  http.get(url('/agent/provider'), () => {
    if (!mockBackend.signedIn) return unauthorized();
    return HttpResponse.json(ok(agentBackend.provider));
  }),
  http.get(url('/agent/:kind/:itemId?'), ({ params }) => {
    if (!mockBackend.signedIn) return unauthorized();
    return HttpResponse.json(ok(agentBackend.draft(params.kind as AgentKind, params.itemId as string | undefined)));
  }),
  http.put(url('/agent/:kind'), async ({ params, request }) => {
    if (!mockBackend.signedIn) return unauthorized();
    const kind = params.kind as AgentKind;
    const body = (await request.json()) as PutDraftBody;
    agentBackend.puts.push({ kind, body });
    if (agentBackend.failNextPut) {
      agentBackend.failNextPut = false;
      return HttpResponse.json({ result: 'Failed', message: 'Database unavailable' }, { status: 500 });
    }
    const draft = agentBackend.store(
      kind,
      { step: body.step, inputModel: body.inputModel, content: withPatternIds(body.content) },
      body.itemId,
    );
    return HttpResponse.json(ok(draft));
  }),
  http.post(url('/agent/:contextId/generate'), async ({ params, request }) => {
    if (!mockBackend.signedIn) return unauthorized();
    const contextId = params.contextId as AgentKind;
    const body = (await request.json()) as { contentId: string; itemId?: string | null; inputModel: never };
    agentBackend.generations.push({ contextId, body });
    if (agentBackend.failNextGenerate) {
      agentBackend.failNextGenerate = false;
      return HttpResponse.json(
        { result: 'Failed', message: 'The AI provider failed with HTTP 500. Nothing was counted.' },
        { status: 502 },
      );
    }
    // Only a provider's generations spend agent actions; the built-in drafter's spend none.
    if (agentBackend.provider.draftedBy === 'ai' && agentBackend.actionsLeft <= 0) return quotaLimit('agent-actions');
    const pair = findAgentPair(contextId, body.contentId);
    if (!pair) return HttpResponse.json({ result: 'InvalidRequest', message: 'unknown contentId' }, { status: 400 });
    // The named item as the plan backend holds it (a fixed one for tests that seed none).
    const stored = planBackend.items.find((item) => item.id === body.itemId);
    const item = body.itemId
      ? {
          itemType: stored?.itemType ?? 2,
          description: stored?.description ?? 'Payments\n- Card\n- PayPal',
          goals: stored?.goals ?? [],
          parentContexts: [],
        }
      : null;
    const content = await drafter.generate(pair, { inputModel: body.inputModel, item });
    agentBackend.actionsLeft--;
    const before = agentBackend.draft(contextId, body.itemId);
    agentBackend.store(
      contextId,
      {
        inputModel: before.updatedAt ? before.inputModel : body.inputModel,
        content: withPatternIds({ ...before.content, [body.contentId]: content }),
        draftedBy: 'drafter',
      },
      body.itemId,
    );
    const answer = ok({ contextId, contentId: body.contentId, draftedBy: 'drafter', content });
    if (!request.headers.get('accept')?.includes('text/event-stream')) return HttpResponse.json(answer);
    return eventStream(content, answer);
  }),
];
