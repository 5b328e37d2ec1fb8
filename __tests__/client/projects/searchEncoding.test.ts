import { http, HttpResponse } from 'msw';
import { setupStore } from '../../../src/client/app/store';
import { projectsApi } from '../../../src/client/api/projects';
import { server } from '../helpers/server';

describe('search text', () => {
  it('reaches the server exactly as typed (encoded once)', async () => {
    let received: string | null = null;
    server.use(
      http.get(`${location.origin}/v1/teams/active/projects/:projectId/search`, ({ request }) => {
        received = new URL(request.url).searchParams.get('query');
        return HttpResponse.json({ result: 'Ok', data: { items: [] } });
      }),
    );
    const { store } = setupStore();
    await store.dispatch(projectsApi.endpoints.searchProjectItems.initiate({ projectId: 'p 1', query: 'a b&c%d' }));
    expect(received).toBe('a b&c%d');
  });
});
