import { http, HttpResponse } from 'msw';
import type { ContextItem, ContextItemBody } from '../../../../src/shared/contract/contextItems';
import { mockBackend, ok, unauthorizedBody } from './mockBackend';

const url = (path: string) => `${location.origin}/v1/teams/active${path}`;
const unauthorized = () => HttpResponse.json(unauthorizedBody, { status: 401 });
const notFound = () => HttpResponse.json({ result: 'NotFound', message: 'Context item not found' }, { status: 404 });
const refused = (message: string) => HttpResponse.json({ result: 'InvalidRequest', message }, { status: 400 });

/** The server's side of the contextItems group: the team's context items, with its parent rules. */
export const contextBackend = {
  items: [] as ContextItem[],
  calls: [] as string[],
  next: 1,
  reset() {
    this.items = [];
    this.calls = [];
    this.next = 1;
  },
  add(fields: Partial<ContextItem> & { title: string }): ContextItem {
    const now = new Date().toISOString();
    const item: ContextItem = {
      id: `ctx-${this.next++}`,
      body: '',
      kind: null,
      parentContextItemId: null,
      dateCreated: now,
      dateUpdated: now,
      ...fields,
    };
    this.items.push(item);
    return item;
  },
  /** The chain from `id` upward, nearest first (the server's cycle guard, by a seen set). */
  chain(id: string | null) {
    const chain: ContextItem[] = [];
    for (let item = this.items.find((c) => c.id === id); item && !chain.includes(item);) {
      chain.push(item);
      item = this.items.find((c) => c.id === item!.parentContextItemId);
    }
    return chain;
  },
};

const sorted = () => [...contextBackend.items].sort((a, b) => a.title.localeCompare(b.title));

export const contextItemHandlers = [
  http.get(url('/context-items'), () => {
    if (!mockBackend.signedIn) return unauthorized();
    return HttpResponse.json(ok({ contextItems: sorted() }));
  }),
  http.post(url('/context-items'), async ({ request }) => {
    const body = (await request.json()) as ContextItemBody;
    contextBackend.calls.push(`create ${body.title}`);
    if (body.parentContextItemId && !contextBackend.items.some((c) => c.id === body.parentContextItemId)) {
      return notFound();
    }
    const item = contextBackend.add({ ...body, title: body.title.trim(), kind: body.kind ?? null });
    return HttpResponse.json(ok({ id: item.id }));
  }),
  http.put(url('/context-items/:id'), async ({ request, params }) => {
    const body = (await request.json()) as ContextItemBody;
    contextBackend.calls.push(`put ${String(params.id)}`);
    const item = contextBackend.items.find((c) => c.id === params.id);
    if (!item) return notFound();
    const parentId = body.parentContextItemId === undefined ? item.parentContextItemId : body.parentContextItemId;
    if (parentId && contextBackend.chain(parentId).some((c) => c.id === item.id)) {
      return refused('parentContextItemId: a context item cannot sit under itself or one of its children');
    }
    Object.assign(item, {
      title: body.title.trim(),
      body: body.body,
      kind: body.kind === undefined ? item.kind : body.kind,
      parentContextItemId: parentId,
      dateUpdated: new Date().toISOString(),
    });
    return HttpResponse.json(ok(item));
  }),
  http.delete(url('/context-items/:id'), ({ params }) => {
    contextBackend.calls.push(`delete ${String(params.id)}`);
    const before = contextBackend.items.length;
    contextBackend.items = contextBackend.items.filter((c) => c.id !== params.id);
    if (before === contextBackend.items.length) return notFound();
    for (const item of contextBackend.items)
      if (item.parentContextItemId === params.id) item.parentContextItemId = null;
    return HttpResponse.json(ok({ id: String(params.id) }));
  }),
];
