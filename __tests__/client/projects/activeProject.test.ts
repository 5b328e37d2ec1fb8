import { waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { saveProjectSettings } from '../../../src/client/features/projects/saveProjectSettings';
import { projectsApi } from '../../../src/client/api/projects';
import { accountApi } from '../../../src/client/api/account';
import { selectIsBlocking } from '../../../src/client/features/calls/callsSlice';

import { selectActiveQuotaError } from '../../../src/client/features/quota/quotaErrorSlice';
import { selectActiveProject } from '../../../src/client/features/projects/projectsSelectors';
import { createItem } from '../../../src/client/features/items/itemCommands';
import { ItemType } from '../../../src/shared/enums';
import { server } from '../helpers/server';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { accountBackend } from '../helpers/handlers/account';
import { planBackend, unscheduled } from '../helpers/handlers/planBackend';
import { boardStore } from '../items/boardStore';

const projectsUrl = (path: string) => `${location.origin}/v1/teams/active/projects${path}`;

function addSecondProject() {
  const project = {
    id: 'project-2',
    description: 'Launch',
    projectDescription: '',
    status: 0,
    milestones: [],
    version: 1,
  };
  mockBackend.context.availableProjects.push(project);
  return project;
}

describe('setting the active project (spec §4)', () => {
  it('clears the items and blocks the screen while pending, then stores the project and loads its board', async () => {
    planBackend.seed([{ id: 'a', description: 'Alpha' }]);
    planBackend.seed([{ id: 'z', description: 'Zeta' }], 'project-2');
    const { store, idle } = await boardStore();
    addSecondProject();
    server.use(
      http.put(projectsUrl('/active'), async () => {
        await delay(30);
        return undefined;
      }),
    );
    expect(store.getState().items.ids).toEqual(['a']);
    const change = store.dispatch(projectsApi.endpoints.setActiveProject.initiate({ newActiveProjectId: 'project-2' }));
    expect(store.getState().items.ids).toEqual([]);
    expect(store.getState().items.status).toBe('switching');
    expect(selectIsBlocking(store.getState())).toBe(true);
    await change;
    expect(selectIsBlocking(store.getState())).toBe(false);
    expect(selectActiveProject(store.getState())?.id).toBe('project-2');
    expect(selectActiveProject(store.getState())?.description).toBe('Launch');
    await idle();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.getState().items.projectId).toBe('project-2');
    expect(store.getState().items.ids).toEqual(['z']);
    expect(store.getState().items.status).toBe('ready');
  });

  it('a refused change keeps the active project and clears the flag', async () => {
    const { store } = await boardStore();
    server.use(http.put(projectsUrl('/active'), () => HttpResponse.json({ result: 'NotFound' }, { status: 404 })));
    await store.dispatch(projectsApi.endpoints.setActiveProject.initiate({ newActiveProjectId: 'nope' }));
    expect(selectIsBlocking(store.getState())).toBe(false);
    expect(selectActiveProject(store.getState())?.id).toBe('project-1');
    // The board goes back to loading the project that is still active.
    expect(store.getState().items.status).toBe('idle');
  });

  it('project creation and deletion block the screen too', async () => {
    const { store } = await boardStore();
    server.use(
      http.post(projectsUrl(''), async () => {
        await delay(20);
        return undefined;
      }),
    );
    const create = store.dispatch(projectsApi.endpoints.createProject.initiate({ description: 'New' }));
    expect(selectIsBlocking(store.getState())).toBe(true);
    const created = await create.unwrap();
    expect(selectIsBlocking(store.getState())).toBe(false);
    expect(store.getState().projects.entities[created.id]?.description).toBe('New');
    const remove = store.dispatch(projectsApi.endpoints.deleteProject.initiate({ projectId: created.id, body: {} }));
    expect(selectIsBlocking(store.getState())).toBe(true);
    await remove;
    expect(store.getState().projects.entities[created.id]).toBeUndefined();
  });

  it('project settings are applied at once and rolled back when refused', async () => {
    const { store } = await boardStore();
    server.use(
      http.put(projectsUrl('/:id'), async () => {
        await delay(20);
        return HttpResponse.json({ result: 'InvalidRequest', message: 'no' }, { status: 400 });
      }),
    );
    const project = store.getState().projects.entities['project-1']!;
    const update = store.dispatch(saveProjectSettings(project, { description: 'Renamed', status: 1 }));
    expect(store.getState().projects.entities['project-1']).toMatchObject({ description: 'Renamed', status: 1 });
    await update;
    await waitFor(() =>
      expect(store.getState().projects.entities['project-1']).toMatchObject({
        description: 'First project',
        status: 0,
      }),
    );
  });

  it('edits of one project go in turn: a refused one goes back, the later one is kept, as the server holds', async () => {
    const { store } = await boardStore();
    server.use(
      http.put(projectsUrl('/:id'), async ({ request }) => {
        const body = (await request.json()) as { description: string };
        if (body.description === 'A') {
          await delay(80);
          return HttpResponse.json({ result: 'Failed', message: 'timeout' }, { status: 500 });
        }
        // Saved: the context read after it names the project so too.
        const saved = mockBackend.context.availableProjects.find((project) => project.id === 'project-1')!;
        saved.description = body.description;
        return HttpResponse.json({
          result: 'Ok',
          data: { ...store.getState().projects.entities['project-1']!, description: body.description },
        });
      }),
    );
    const project = store.getState().projects.entities['project-1']!;
    const first = store.dispatch(saveProjectSettings(project, { description: 'A' }));
    const second = store.dispatch(saveProjectSettings(project, { description: 'B' }));
    // Both shown at once, the later on top; the second is sent once the first is answered.
    expect(store.getState().projects.entities['project-1']?.description).toBe('B');
    await Promise.allSettled([first, second]);
    await waitFor(() => expect(store.getState().projects.pendingEdits).toEqual({}));
    expect(store.getState().projects.entities['project-1']?.description).toBe('B');
  });
});

describe('the project-items quota (spec §5)', () => {
  it('creating an item when the project holds maxProjectItems raises the quota error and calls nothing', async () => {
    accountBackend.plan = 'free';
    planBackend.seed(Array.from({ length: 200 }, (_, i) => ({ description: `Item ${i}` })));
    const { store, idle } = await boardStore();
    await store.dispatch(accountApi.endpoints.getSubscription.initiate());
    planBackend.log = [];
    const id = store.dispatch(
      createItem({ itemType: ItemType.Demo, item: { description: 'One too many' }, bucket: unscheduled() }),
    );
    expect(id).toBeNull();
    expect(selectActiveQuotaError(store.getState())).toEqual({
      quotaKind: 'project-items',
      message: 'Sorry, you have reached your quota for the number of Project Items you can have in your Project.',
    });
    await idle();
    expect(planBackend.log).toEqual([]);
    expect(store.getState().items.ids).toHaveLength(200);
  });

  it('below the limit the item is created', async () => {
    planBackend.seed(Array.from({ length: 199 }, (_, i) => ({ description: `Item ${i}` })));
    const { store, idle } = await boardStore();
    await store.dispatch(accountApi.endpoints.getSubscription.initiate());
    expect(
      store.dispatch(createItem({ itemType: ItemType.Demo, item: { description: 'Last one' }, bucket: unscheduled() })),
    ).not.toBeNull();
    await idle();
    expect(store.getState().items.ids).toHaveLength(200);
    expect(selectActiveQuotaError(store.getState())).toBeNull();
  });

  it('a QuotaLimit answer to a create raises the same error and removes the item', async () => {
    const { store, idle } = await boardStore();
    server.use(
      http.post(`${location.origin}/v1/teams/active/project-items/demos`, () =>
        HttpResponse.json(
          { result: 'QuotaLimit', message: 'Project item limit reached', data: { quotaKind: 'project-items' } },
          { status: 402 },
        ),
      ),
    );
    store.dispatch(createItem({ itemType: ItemType.Demo, item: { description: 'Raced' }, bucket: unscheduled() }));
    await idle();
    expect(store.getState().items.ids).toEqual([]);
    expect(selectActiveQuotaError(store.getState())?.quotaKind).toBe('project-items');
  });
});
