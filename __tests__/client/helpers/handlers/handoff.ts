import { http, HttpResponse } from 'msw';
import { ok } from './mockBackend';
import { planBackend } from './planBackend';

/** The server's side of send-to-agent: a readiness rule the tests can set, and the item updated as the server does. */
export const handoffBackend = {
  notReady: null as string | null,
  /** GitHub's answer to the issue was lost: the server answers the hand-off without an issue, with a notice. */
  unconfirmed: false,
  sent: [] as { itemId: string; agent: string; automationKind: number; instructions?: string; force?: boolean }[],
  /** The hand-offs the server holds, as GET …/handoffs answers them. */
  records: [] as (Record<string, unknown> & { itemId: string; events: unknown[] })[],
  reset() {
    this.notReady = null;
    this.unconfirmed = false;
    this.sent = [];
    this.records = [];
  },
};

const names: Record<string, string> = { 'claude-code': 'Claude Code', copilot: 'Copilot', cursor: 'Cursor' };

export const handoffHandlers = [
  http.post(`${location.origin}/v1/teams/active/project-items/send-to-agent`, async ({ request }) => {
    const body = (await request.json()) as {
      itemId: string;
      agent: string;
      automationKind: number;
      instructions?: string;
      force?: boolean;
    };
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
    if (body.automationKind === 1) {
      Object.assign(item, { workflowStatus: 1 });
      return HttpResponse.json(
        ok({
          id: `handoff-${handoffBackend.sent.length}`,
          itemId: item.id,
          agent: body.agent,
          automationKind: 1,
          state: 'pending',
          repository: null,
          baseBranch: null,
          issueNumber: null,
          issueUrl: null,
          branch: null,
          jobUrl: null,
          pullRequests: [],
          createdBy: 'user-1',
          createdAt: new Date().toISOString(),
          terminal: {
            mcpUrl: `${location.origin}/mcp/token`,
            serverName: `baton-${item.externalId}`,
            readToken: "printf 'Paste the item token: ' && read -rs BATON_TOKEN && export BATON_TOKEN && echo",
            addServer: `: "\${BATON_TOKEN:?is empty}" && claude mcp add --transport http baton-${item.externalId} '${location.origin}/mcp/token' --header 'Authorization: Bearer \${BATON_TOKEN}'`,
            run: `: "\${BATON_TOKEN:?is empty}" && claude -p 'Implement the Baton item ${item.externalId}' --allowedTools 'mcp__baton-${item.externalId}__get_item'`,
          },
        }),
      );
    }
    const number = handoffBackend.sent.length;
    if (handoffBackend.unconfirmed) {
      const waiting = {
        id: `handoff-${number}`,
        itemId: item.id,
        agent: body.agent,
        automationKind: 0,
        state: 'pending',
        repository: 'acme/shop',
        baseBranch: 'main',
        issueNumber: null,
        issueUrl: null,
        branch: null,
        jobUrl: null,
        pullRequests: [],
        createdBy: 'user-1',
        createdAt: new Date().toISOString(),
      };
      handoffBackend.records.unshift({ ...waiting, events: [] });
      return HttpResponse.json(
        ok({
          ...waiting,
          notice:
            'GitHub did not answer in time, so it is not yet known whether the issue was opened. The hand-off is recorded and Baton links the issue as soon as GitHub reports it; if none appears within a few minutes, send again.',
        }),
      );
    }
    const issueUrl = `https://github.example/acme/shop/issues/${number}`;
    Object.assign(item, { codingAgentUrl: issueUrl, workflowStatus: 1 });
    const handoff = {
      id: `handoff-${number}`,
      itemId: item.id,
      agent: body.agent,
      automationKind: 0,
      state: 'pending',
      repository: 'acme/shop',
      baseBranch: 'main',
      issueNumber: number,
      issueUrl,
      branch: null,
      jobUrl: null,
      pullRequests: [],
      createdBy: 'user-1',
      createdAt: new Date().toISOString(),
    };
    const at = new Date().toISOString();
    handoffBackend.records.unshift({
      ...handoff,
      events: [
        { at, kind: 'sent', text: `Issue #${number} opened in acme/shop for ${names[body.agent]}`, url: issueUrl },
      ],
    });
    return HttpResponse.json(ok(handoff));
  }),
  http.get(`${location.origin}/v1/teams/active/project-items/:id/handoffs`, ({ params }) =>
    HttpResponse.json(ok({ handoffs: handoffBackend.records.filter((record) => record.itemId === params.id) })),
  ),
];
