import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request Stripe's API received: the form parameters flattened the way the SDK encodes them. */
export interface StripeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey?: string;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  url: string | null;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  subscription: string | null;
  metadata: Record<string, string>;
  livemode: false;
}

/**
 * A small HTTP server answering the part of Stripe's API Baton uses, in Stripe's shapes: prices by
 * lookup key, Checkout Sessions, subscriptions and customers. The official SDK talks to it over HTTP.
 */
export class FakeStripe {
  readonly requests: StripeRequest[] = [];
  readonly sessions = new Map<string, FakeSession>();
  readonly prices = new Map<string, { id: string; lookup_key: string; unit_amount: number; interval: string }>();
  readonly subscriptions = new Map<
    string,
    { id: string; status: string; items: { id: string; price: string; quantity: number }[] }
  >();
  /** The next request is answered with an error, as Stripe does when it refuses one. */
  failNext = false;
  private readonly sessionItems = new Map<string, { price: string; quantity: number }[]>();
  private server?: Server;
  private counter = 0;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      void this.handle(request).then(
        ({ status, body }) => {
          response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++this.counter}` });
          response.end(JSON.stringify(body));
        },
        (error: Error) => {
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: { type: 'api_error', message: error.message } }));
        },
      );
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop() {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  requestsTo(method: string, path: string | RegExp) {
    return this.requests.filter(
      (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
    );
  }

  /** The subscription Checkout would have created on payment (as Stripe does when the session completes). */
  completeSession(sessionId: string, ids: { customer: string; subscription: string }) {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    Object.assign(session, { status: 'complete', payment_status: 'paid', url: null, ...ids });
    const items = this.sessionItems.get(sessionId) ?? [];
    this.subscriptions.set(ids.subscription, {
      id: ids.subscription,
      status: 'active',
      items: items.map((item, n) => ({ id: `si_${ids.subscription}_${n}`, ...item })),
    });
    return session;
  }

  private id(prefix: string) {
    return `${prefix}_${String(++this.counter).padStart(8, '0')}`;
  }

  private async handle(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const url = new URL(request.url ?? '/', 'http://stripe.test');
    const raw = await new Promise<string>((resolve) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      request.on('end', () => resolve(text));
    });
    const params = Object.fromEntries(new URLSearchParams(request.method === 'GET' ? url.search : raw));
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const authorized = request.headers.authorization === 'Bearer sk_test_baton';
    this.requests.push({ method: request.method ?? '', path: url.pathname, params, idempotencyKey });
    if (!authorized) return error(401, 'Invalid API Key provided');
    if (this.failNext) {
      this.failNext = false;
      return error(400, 'Simulated failure');
    }

    const route = `${request.method} ${url.pathname}`;
    if (route === 'GET /v1/prices') {
      const data = [...this.prices.values()]
        .filter((price) => price.lookup_key === params['lookup_keys[0]'])
        .map(priceObject);
      return ok({ object: 'list', data, has_more: false, url: '/v1/prices' });
    }
    if (route === 'POST /v1/prices') {
      const price = {
        id: this.id('price'),
        lookup_key: params.lookup_key ?? '',
        unit_amount: Number(params.unit_amount),
        interval: params['recurring[interval]'] ?? '',
      };
      this.prices.set(price.id, price);
      return ok(priceObject(price));
    }
    if (route === 'POST /v1/checkout/sessions') {
      const id = this.id('cs_test');
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        client_reference_id: params.client_reference_id ?? null,
        customer: params.customer ?? null,
        customer_email: params.customer_email ?? null,
        subscription: null,
        metadata: { checkoutId: params['metadata[checkoutId]'] ?? '', accountId: params['metadata[accountId]'] ?? '' },
        livemode: false,
      };
      this.sessions.set(id, session);
      this.sessionItems.set(id, lineItems(params));
      return ok(session);
    }
    const expire = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
    if (request.method === 'POST' && expire) {
      const found = this.sessions.get(expire[1] ?? '');
      if (!found) return error(404, 'No such checkout.session');
      if (found.status !== 'open') return error(400, 'Only Checkout Sessions with a status of open can be expired.');
      Object.assign(found, { status: 'expired', url: null });
      return ok(found);
    }
    const session = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (request.method === 'GET' && session) {
      const found = this.sessions.get(session[1] ?? '');
      return found ? ok(found) : error(404, 'No such checkout.session');
    }
    const subscription = url.pathname.match(/^\/v1\/subscriptions\/([^/]+)$/);
    if (subscription) {
      const found = this.subscriptions.get(subscription[1] ?? '');
      if (!found) return error(404, `No such subscription: '${subscription[1]}'`);
      if (request.method === 'POST') {
        const deleted = new Set<string>();
        for (let n = 0; params[`items[${n}][id]`] !== undefined || params[`items[${n}][price]`] !== undefined; n++) {
          if (params[`items[${n}][deleted]`] === 'true') deleted.add(params[`items[${n}][id]`] ?? '');
        }
        const kept = found.items.filter((item) => !deleted.has(item.id));
        const added = lineItems(params, 'items');
        found.items = [...kept, ...added.map((item) => ({ id: this.id('si'), ...item }))];
      }
      if (request.method === 'DELETE') found.status = 'canceled';
      return ok(subscriptionObject(found));
    }
    const customer = url.pathname.match(/^\/v1\/customers\/([^/]+)$/);
    if (request.method === 'POST' && customer) {
      return ok({ id: customer[1], object: 'customer', email: params.email ?? null, name: params.name ?? null });
    }
    return error(404, `Unrecognized request URL (${route})`);
  }
}

function lineItems(params: Record<string, string>, key = 'line_items') {
  const items: { price: string; quantity: number }[] = [];
  for (let n = 0; params[`${key}[${n}][price]`] !== undefined || params[`${key}[${n}][id]`] !== undefined; n++) {
    const price = params[`${key}[${n}][price]`];
    if (price) items.push({ price, quantity: Number(params[`${key}[${n}][quantity]`] ?? 1) });
  }
  return items;
}

function priceObject(price: { id: string; lookup_key: string; unit_amount: number; interval: string }) {
  return {
    id: price.id,
    object: 'price',
    active: true,
    currency: 'usd',
    lookup_key: price.lookup_key,
    unit_amount: price.unit_amount,
    recurring: { interval: price.interval, interval_count: 1 },
    type: 'recurring',
  };
}

function subscriptionObject(subscription: {
  id: string;
  status: string;
  items: { id: string; price: string; quantity: number }[];
}) {
  return {
    id: subscription.id,
    object: 'subscription',
    status: subscription.status,
    items: {
      object: 'list',
      data: subscription.items.map((item) => ({
        id: item.id,
        object: 'subscription_item',
        price: { id: item.price, object: 'price' },
        quantity: item.quantity,
      })),
      has_more: false,
    },
  };
}

const ok = (body: unknown) => ({ status: 200, body });
const error = (status: number, message: string) => ({
  status,
  body: { error: { type: 'invalid_request_error', message } },
});
