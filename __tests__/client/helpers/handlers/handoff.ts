import { http, HttpResponse } from 'msw';
import { ok } from './mockBackend';
import { planBackend } from './planBackend';

/** The server's side of send-to-agent: a readiness rule the tests can set, and the item updated as the server does. */
export const handoffBackend = {
  notReady: null as string | null,
  sent: [] as { itemId: string; agent: string; instructions?: string; force?: boolean }[],
  reset() {
    this.notReady = null;
    this.sent = [];
  },
};

export const handoffHandlers = [
  http.post(`${location.origin}/v1/teams/active/project-items/send-to-agent`, async ({ request }) => {
    const body = (await request.json()) as { itemId: string; agent: string; instructions?: string; force?: boolean };
    const item = planBackend.items.find((candidate) => candidate.id === body.itemId);
    if (!item) return HttpResponse.json({ result: 'NotFound', message: 'Item not found' }, { status: 404 });
    if (handoffBackend.notReady && !body.force) {
      return HttpResponse.json(
        {
          result: 'InvalidRequest',
          message: `Not ready to hand off: ${handoffBackend.notReady}. Fix them, or send anyway.`,
        },
        { status: 400 },
      );
    }
    handoffBackend.sent.push(body);
    const number = handoffBackend.sent.length;
    const issueUrl = `https://github.example/acme/shop/issues/${number}`;
    Object.assign(item, { codingAgentUrl: issueUrl, workflowStatus: 1 });
    return HttpResponse.json(
      ok({
        id: `handoff-${number}`,
        itemId: item.id,
        agent: body.agent,
        automationKind: 0,
        state: 'pending',
        repository: 'acme/shop',
        baseBranch: 'main',
        issueNumber: number,
        issueUrl,
        createdBy: 'user-1',
        createdAt: new Date().toISOString(),
      }),
    );
  }),
];
