import { readFileSync } from 'node:fs';
import path from 'node:path';
import { http, HttpResponse } from 'msw';
import { setupStore } from '../../../src/client/app/store';
import { itemsApi } from '../../../src/client/api/items';
import { projectsApi } from '../../../src/client/api/projects';
import { idempotentEndpoints } from '../../../src/client/api/endpointBehaviour.gen';
import { createItem } from '../../../src/client/features/items/itemCommands';
import { ItemType } from '../../../src/shared/enums';
import { server } from '../helpers/server';
import { dayBucket } from '../helpers/handlers/planBackend';
import { boardStore } from '../items/boardStore';

const projectsUrl = `${location.origin}/v1/teams/active/projects`;
const project = { id: 'p-new', description: 'New', projectDescription: '', milestones: [] };

/** Answers each call of a create with the next of `answers` (then Ok), noting the key each one carried. */
function scriptedCreate(answers: ('lost' | { status: number; retryAfter?: string })[]) {
  const keys: (string | null)[] = [];
  server.use(
    http.post(projectsUrl, ({ request }) => {
      keys.push(request.headers.get('idempotency-key'));
      const next = answers.shift();
      if (next === 'lost') return HttpResponse.error();
      if (next) {
        const headers: Record<string, string> = next.retryAfter ? { 'retry-after': next.retryAfter } : {};
        return HttpResponse.json({ result: 'Failed', message: 'Not now' }, { status: next.status, headers });
      }
      return HttpResponse.json({ result: 'Ok', data: project });
    }),
  );
  return keys;
}

const createProject = (store: ReturnType<typeof setupStore>['store'], description = 'New') =>
  store.dispatch(projectsApi.endpoints.createProject.initiate({ description }));

describe('Idempotency-Key on creates', () => {
  it('sends the same key again when the answer was lost, and the create succeeds', async () => {
    const keys = scriptedCreate(['lost', 'lost']);
    const { store } = setupStore();
    const result = await createProject(store);
    expect(result.data).toEqual(project);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it('retries with the same key while the server says the first call is still running (409), or is away (503)', async () => {
    const keys = scriptedCreate([{ status: 409, retryAfter: '1' }, { status: 503 }]);
    const { store } = setupStore();
    expect((await createProject(store)).data).toEqual(project);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('makes a new key for each create the user asks for', async () => {
    const keys = scriptedCreate([]);
    const { store } = setupStore();
    await createProject(store, 'One');
    await createProject(store, 'Two');
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('does not retry a refusal', async () => {
    const keys = scriptedCreate([{ status: 400 }]);
    const { store } = setupStore();
    const result = await createProject(store);
    expect(result.error).toBeDefined();
    expect(keys).toHaveLength(1);
  });

  it('gives up after a few tries and reports the failure', async () => {
    const keys = scriptedCreate(['lost', 'lost', 'lost', 'lost', 'lost']);
    const { store } = setupStore();
    const result = await createProject(store);
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(1);
  }, 10_000);

  it('sends no key on calls that do not create, and does not retry them', async () => {
    let calls = 0;
    let key: string | null = 'unset';
    server.use(
      http.put(`${location.origin}/v1/teams/active/project-items/demos/:id`, ({ request }) => {
        calls += 1;
        key = request.headers.get('idempotency-key');
        return HttpResponse.error();
      }),
    );
    const { store } = setupStore();
    await store.dispatch(
      itemsApi.endpoints.updateDemo.initiate({ id: 'a', body: { projectId: 'p', item: { description: 'x' } } }),
    );
    expect(calls).toBe(1);
    expect(key).toBeNull();
  });

  it('is sent by the board when the user adds an item', async () => {
    const { store, idle } = await boardStore();
    const keys: (string | null)[] = [];
    const listener = ({ request }: { request: Request }) => {
      if (request.method === 'POST' && request.url.endsWith('/project-items/demos'))
        keys.push(request.headers.get('idempotency-key'));
    };
    server.events.on('request:start', listener);
    try {
      store.dispatch(
        createItem({ itemType: ItemType.Demo, item: { description: 'Fresh' }, bucket: dayBucket(20_000) }),
      );
      await idle();
    } finally {
      server.events.removeListener('request:start', listener);
    }
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('covers exactly the operations the server documents the header on', () => {
    const document = JSON.parse(readFileSync(path.join(__dirname, '../../../docs/openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, { operationId: string; parameters?: { in: string; name: string }[] }>>;
    };
    const documented = Object.values(document.paths)
      .flatMap((operations) => Object.values(operations))
      .filter((operation) => operation.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'))
      .map((operation) => operation.operationId);
    expect([...idempotentEndpoints].sort()).toEqual(documented.sort());
  });
});
