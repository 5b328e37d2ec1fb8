import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import {
  benchmarkAssessments,
  contextItems,
  handoffs,
  invites,
  itemComments,
  items,
  projects,
  teams,
} from '../../src/server/db/schema';
import { idempotentEndpoints } from '../../src/client/api/endpointBehaviour.gen';
import { assessmentQuestions } from '../../src/shared/assessment/questionnaire';
import { buildTestApp, call, type TestApp } from './helpers/testApp';
import { createItem, teamUser, unscheduled } from './helpers/planning';
import { putPlan } from './helpers/members';

// Every creating call runs three times, on a busy machine.
jest.setTimeout(60_000);

/** The body of an answer, whatever encoding it went out in. */
function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  return response.body;
}

interface CreatingCall {
  operationId: string;
  url: (run: number) => string;
  /** A new body per run, so runs never meet each other's keys. */
  body: (run: number) => unknown;
  table: PgTable;
  /** The rows one call makes. */
  rows: number;
}

describe('Idempotency-Key on every creating call, with compression asked for', () => {
  let t: TestApp;
  let u: Awaited<ReturnType<typeof teamUser>>;
  /** Per run, an item to split and one to hand off. */
  const splitItems = new Map<number, string>();
  const sentItems = new Map<number, string>();
  const RUNS = [0, 1, 2, 3];
  const I = '/v1/teams/active/project-items';

  beforeAll(async () => {
    t = await buildTestApp();
    u = await teamUser(t.app, 'idem-compressed@example.com');
    await putPlan(t.app, u.cookie, 'business');
    for (const run of RUNS) {
      splitItems.set(run, (await createItem(t.app, u.cookie, u.projectId)).id);
      sentItems.set(run, (await createItem(t.app, u.cookie, u.projectId, { kind: 'implementations' })).id);
    }
  });
  afterAll(() => t.close());

  const long = (run: number) => `${'A long description that makes the answer worth compressing. '.repeat(12)}${run}`;
  const allTop = Object.fromEntries(assessmentQuestions.map((q) => [q.id, q.options.at(-1)!.id]));
  const creatingCalls: CreatingCall[] = [
    {
      operationId: 'createDemo',
      url: () => `${I}/demos`,
      body: (run) => ({ projectId: u.projectId, project: unscheduled(), item: { description: long(run) } }),
      table: items,
      rows: 1,
    },
    {
      operationId: 'createImplementation',
      url: () => `${I}/implementations`,
      body: (run) => ({ projectId: u.projectId, project: unscheduled(), item: { description: long(run) } }),
      table: items,
      rows: 1,
    },
    {
      operationId: 'createGoToMarketItem',
      url: () => `${I}/gtm`,
      body: (run) => ({ projectId: u.projectId, project: unscheduled(), item: { description: long(run) } }),
      table: items,
      rows: 1,
    },
    {
      operationId: 'bulkCreateProjectItems',
      url: () => `${I}/all/bulk-create`,
      body: (run) => ({
        projectId: u.projectId,
        items: Array.from({ length: 30 }, (_, n) => ({
          itemType: 1,
          project: unscheduled(),
          item: { description: `Bulk ${run}.${n}` },
        })),
      }),
      table: items,
      rows: 30,
    },
    {
      operationId: 'splitProjectItem',
      url: (run) => `${I}/all/${splitItems.get(run)}/split`,
      body: (run) => ({ projectId: u.projectId, descriptions: [long(run), `Second half ${run}`] }),
      table: items,
      rows: 1,
    },
    {
      operationId: 'addItemComment',
      url: (run) => `${I}/${sentItems.get(run)}/comments`,
      body: (run) => ({ body: long(run) }),
      table: itemComments,
      rows: 1,
    },
    {
      operationId: 'createProject',
      url: () => '/v1/teams/active/projects',
      body: (run) => ({ description: `Project ${run}` }),
      table: projects,
      rows: 1,
    },
    {
      operationId: 'inviteTeamMember',
      url: () => '/v1/teams/active/members',
      body: (run) => ({ emailAddress: `invitee-${run}@example.com`, role: 1 }),
      table: invites,
      rows: 1,
    },
    {
      operationId: 'createContextItem',
      url: () => '/v1/teams/active/context-items',
      body: (run) => ({ title: `Context ${run}`, body: long(run) }),
      table: contextItems,
      rows: 1,
    },
    {
      operationId: 'sendToAgent',
      url: () => `${I}/send-to-agent`,
      body: (run) => ({ itemId: sentItems.get(run), automationKind: 1, agent: 'claude-code', force: true }),
      table: handoffs,
      rows: 1,
    },
    {
      operationId: 'saveAssessment',
      url: () => '/v1/teams/active/benchmark/assessments',
      body: () => ({ answers: allTop }),
      table: benchmarkAssessments,
      rows: 1,
    },
    // Last: it switches the active team, which the calls above act on.
    {
      operationId: 'createTeam',
      url: () => '/v1/teams',
      body: (run) => ({ teamName: `Team ${run}` }),
      table: teams,
      rows: 1,
    },
  ];

  it('covers every creating operation', () => {
    expect(creatingCalls.map((c) => c.operationId).sort()).toEqual([...idempotentEndpoints].sort());
  });

  const rowsIn = async (table: PgTable, where?: SQL) =>
    (await t.app.db.select({ n: count() }).from(table).where(where))[0]!.n;

  const send = (creating: CreatingCall, run: number, key: string) =>
    call(t.app, 'POST', creating.url(run), {
      cookie: u.cookie,
      body: creating.body(run),
      headers: { 'idempotency-key': key, 'accept-encoding': 'br, gzip' },
    });
  /** Creating a team made it the active one; the calls after it act on the first team. */
  const backToFirstTeam = async (creating: CreatingCall) => {
    if (creating.operationId !== 'createTeam') return;
    const body = { newActiveTeamIdentity: u.teamId };
    expect((await call(t.app, 'PUT', '/v1/users/active/active-team', { cookie: u.cookie, body })).statusCode).toBe(200);
  };

  it.each([0, 1])(
    'makes one record of a call sent twice in sequence, then concurrently, replaying one body (run %i)',
    async (run) => {
      for (const creating of creatingCalls) {
        const key = randomUUID();
        const before = await rowsIn(creating.table);
        const first = await send(creating, run, key);
        expect([creating.operationId, first.statusCode, decoded(first)]).toEqual([
          creating.operationId,
          200,
          expect.any(String),
        ]);
        const again = await send(creating, run, key);
        expect([creating.operationId, again.statusCode, again.headers['idempotent-replayed']]).toEqual([
          creating.operationId,
          200,
          'true',
        ]);
        expect(decoded(again)).toBe(decoded(first));
        await backToFirstTeam(creating);
        expect([creating.operationId, (await rowsIn(creating.table)) - before]).toEqual([
          creating.operationId,
          creating.rows,
        ]);
      }
    },
  );

  it('makes one record of two concurrent calls with one key; a later retry replays the answer', async () => {
    for (const creating of creatingCalls) {
      const key = randomUUID();
      const before = await rowsIn(creating.table);
      const pair = await Promise.all([send(creating, 2, key), send(creating, 2, key)]);
      const statuses = pair.map((answer) => answer.statusCode).sort();
      expect([creating.operationId, statuses]).toEqual([creating.operationId, expect.arrayContaining([200])]);
      expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
      const answered = pair.filter((answer) => answer.statusCode === 200).map(decoded);
      const retry = await send(creating, 2, key);
      expect([creating.operationId, retry.statusCode]).toEqual([creating.operationId, 200]);
      expect(new Set([...answered, decoded(retry)]).size).toBe(1);
      await backToFirstTeam(creating);
      expect([creating.operationId, (await rowsIn(creating.table)) - before]).toEqual([
        creating.operationId,
        creating.rows,
      ]);
    }
  });

  it('compressed the larger answers, so the keys above went through compression', async () => {
    const bulk = creatingCalls.find((c) => c.operationId === 'bulkCreateProjectItems')!;
    const answer = await send(bulk, 3, randomUUID());
    expect(answer.headers['content-encoding']).toBe('br');
  });
});
