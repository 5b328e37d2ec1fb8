import { http, HttpResponse } from 'msw';
import { setupStore } from '../../../src/client/app/store';
import { agentApi } from '../../../src/client/api/agent';
import { saveAgentDraft } from '../../../src/client/features/agent/saveAgentDraft';
import type { PutDraftBody } from '../../../src/shared/contract/agentDrafts';
import { server } from '../helpers/server';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { agentBackend } from '../helpers/handlers/agent';
import { coreContextFixture } from '../helpers/fixtures';
import { signedInState } from '../sites/renderApp';

/** PUTs of the product story that answer only when the test says so: Ok (stored, as the server would) or 500. */
function heldPuts() {
  const waiting: ((outcome: 'ok' | 'fail') => void)[] = [];
  const sent: PutDraftBody[] = [];
  server.use(
    http.put(`${location.origin}/v1/agent/product-story`, async ({ request }) => {
      const body = (await request.json()) as PutDraftBody;
      sent.push(body);
      const outcome = await new Promise<'ok' | 'fail'>((resolve) => waiting.push(resolve));
      if (outcome === 'fail')
        return HttpResponse.json({ result: 'Failed', message: 'Database unavailable' }, { status: 500 });
      return HttpResponse.json({ result: 'Ok', data: agentBackend.store('product-story', body) });
    }),
  );
  return {
    sent,
    async answer(index: number, outcome: 'ok' | 'fail') {
      while (waiting.length <= index) await new Promise((resolve) => setTimeout(resolve, 1));
      waiting[index]!(outcome);
    },
  };
}

async function storeWithDraft() {
  mockBackend.signIn(coreContextFixture());
  agentBackend.store('product-story', { step: 'ProjectDescription' });
  const { store } = setupStore(signedInState());
  await store.dispatch(agentApi.endpoints.getAgentProductStory.initiate());
  return store;
}
type Store = Awaited<ReturnType<typeof storeWithDraft>>;
const cachedStep = (store: Store) =>
  agentApi.endpoints.getAgentProductStory.select(undefined)(store.getState()).data?.step;
const save = (store: Store, step: string) =>
  store.dispatch(saveAgentDraft('product-story', { step, inputModel: {}, content: {} }));

describe('saving an agent draft: the one optimistic path', () => {
  it('shows a save at once, sends saves of one draft one after another, and keeps the last answer', async () => {
    const puts = heldPuts();
    const store = await storeWithDraft();
    const first = save(store, 'MotivatingQuestions');
    const second = save(store, 'ProductStory');
    expect(cachedStep(store)).toBe('ProductStory');
    // The second is sent only once the first is answered, and the first's answer does not hide it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(puts.sent).toHaveLength(1);
    await puts.answer(0, 'ok');
    await first;
    expect(cachedStep(store)).toBe('ProductStory');
    await puts.answer(1, 'ok');
    expect(puts.sent.map((body) => body.step)).toEqual(['MotivatingQuestions', 'ProductStory']);
    expect((await second).step).toBe('ProductStory');
    expect(cachedStep(store)).toBe('ProductStory');
  });

  it('a refused save puts back what the server last accepted, but never hides a later save on its way', async () => {
    const puts = heldPuts();
    const store = await storeWithDraft();
    const first = save(store, 'MotivatingQuestions');
    const second = save(store, 'ProductStory');
    await puts.answer(0, 'fail');
    await expect(first).rejects.toBeDefined();
    expect(cachedStep(store)).toBe('ProductStory');
    await puts.answer(1, 'fail');
    await expect(second).rejects.toBeDefined();
    expect(cachedStep(store)).toBe('ProjectDescription');
    expect(agentBackend.draft('product-story').step).toBe('ProjectDescription');
  });
});
