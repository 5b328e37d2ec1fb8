import { http, HttpResponse, delay } from 'msw';
import { setupStore } from '../../../src/client/app/store';
import { authApi } from '../../../src/client/api/auth';
import { userAndTeamApi } from '../../../src/client/api/userAndTeam';
import {
  lastIdentityProviderForgotten,
  selectCoreContext,
  selectLastAuthExtensionTimestamp,
  selectLastIdentityProvider,
  selectSessionStatus,
} from '../../../src/client/features/session/coreContextSlice';
import { selectInFlightCount, selectIsBlocking } from '../../../src/client/features/calls/callsSlice';
import { server } from '../helpers/server';
import { mockBackend } from '../helpers/handlers/mockBackend';

const v1 = (path: string) => `${location.origin}/v1${path}`;

async function signedInStore() {
  const { store, persistor } = setupStore();
  await store.dispatch(authApi.endpoints.testAuthenticate.initiate({ emailAddress: 'ada@example.com' }));
  return { store, persistor };
}

describe('envelope unwrapping', () => {
  it('gives the data of an Ok answer', async () => {
    const { store } = setupStore();
    mockBackend.signIn();
    const result = await store.dispatch(userAndTeamApi.endpoints.getActiveTeam.initiate());
    expect(result.data?.teamName).toBe('Analytical Engines');
  });

  it('treats a non-Ok result as a 500 error carrying the envelope', async () => {
    server.use(
      http.get(v1('/teams/active'), () =>
        HttpResponse.json({ result: 'NotFound', message: 'Team not found' }, { status: 404 }),
      ),
    );
    const { store } = setupStore();
    const result = await store.dispatch(userAndTeamApi.endpoints.getActiveTeam.initiate());
    expect(result.error).toEqual({ status: 500, data: { result: 'NotFound', message: 'Team not found' } });
  });

  it('treats an Ok HTTP status with a non-Ok result as an error too', async () => {
    server.use(http.get(v1('/teams/active'), () => HttpResponse.json({ result: 'Failed', message: 'x' })));
    const { store } = setupStore();
    const result = await store.dispatch(userAndTeamApi.endpoints.getActiveTeam.initiate());
    expect(result.error).toMatchObject({ status: 500, data: { result: 'Failed' } });
  });

  it('keeps network errors from the HTTP layer', async () => {
    server.use(http.get(v1('/teams/active'), () => HttpResponse.error()));
    const { store } = setupStore();
    const result = await store.dispatch(userAndTeamApi.endpoints.getActiveTeam.initiate());
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
  });

  it('sends Content-Type: application/json on bodyless non-GET calls', async () => {
    let contentType: string | null = null;
    server.use(
      http.post(v1('/auth/sign-out'), ({ request }) => {
        contentType = request.headers.get('content-type');
        return HttpResponse.json({ result: 'Ok' });
      }),
    );
    const { store } = setupStore();
    await store.dispatch(authApi.endpoints.signOut.initiate());
    expect(contentType).toBe('application/json');
  });
});

describe('in-flight counter and blocking flag', () => {
  it('counts non-GET calls while they run, not GETs', async () => {
    server.use(
      http.put(v1('/user/app-settings'), async () => {
        await delay(30);
        return HttpResponse.json({ result: 'Ok', data: { appSettings: { theme: 'dark' } } });
      }),
    );
    const { store } = await signedInStore();
    const query = store.dispatch(userAndTeamApi.endpoints.getActiveTeam.initiate());
    expect(selectInFlightCount(store.getState())).toBe(0);
    await query;
    const first = store.dispatch(userAndTeamApi.endpoints.putAppSettings.initiate({ appSettings: { theme: 'dark' } }));
    const second = store.dispatch(userAndTeamApi.endpoints.putAppSettings.initiate({ appSettings: { theme: 'dark' } }));
    expect(selectInFlightCount(store.getState())).toBe(2);
    await Promise.all([first, second]);
    expect(selectInFlightCount(store.getState())).toBe(0);
  });

  it('blocks the screen while sign-out is pending and clears the flag on failure', async () => {
    server.use(
      http.post(v1('/auth/sign-out'), async () => {
        await delay(30);
        return HttpResponse.json({ result: 'Failed' }, { status: 500 });
      }),
    );
    const { store } = await signedInStore();
    const signOut = store.dispatch(authApi.endpoints.signOut.initiate());
    expect(selectIsBlocking(store.getState())).toBe(true);
    await signOut;
    expect(selectIsBlocking(store.getState())).toBe(false);
    expect(selectInFlightCount(store.getState())).toBe(0);
  });
});

describe('the core context', () => {
  it('is set by a sign-in, which remembers the provider and the auth extension time', async () => {
    const { store } = await signedInStore();
    expect(selectCoreContext(store.getState())?.userContext.emailAddress).toBe('ada@example.com');
    expect(selectSessionStatus(store.getState())).toBe('signedIn');
    expect(selectLastIdentityProvider(store.getState())).toBe('Test');
    expect(selectLastAuthExtensionTimestamp(store.getState())).toEqual(expect.any(Number));
  });

  it('a 401 logs out: clears the context and the last auth timestamp', async () => {
    const { store } = await signedInStore();
    mockBackend.signedIn = false;
    await store.dispatch(userAndTeamApi.endpoints.getActiveTeam.initiate());
    expect(selectCoreContext(store.getState())).toBeNull();
    expect(selectSessionStatus(store.getState())).toBe('signedOut');
    expect(selectLastAuthExtensionTimestamp(store.getState())).toBeNull();
    expect(selectLastIdentityProvider(store.getState())).toBe('Test');
  });

  it.each([
    ['succeeds', () => HttpResponse.json({ result: 'Ok' })],
    ['fails', () => HttpResponse.json({ result: 'Failed', message: 'down' }, { status: 500 })],
  ])('sign-out clears the context when it %s', async (_label, answer) => {
    server.use(http.post(v1('/auth/sign-out'), answer));
    const { store } = await signedInStore();
    await store.dispatch(authApi.endpoints.signOut.initiate());
    expect(selectCoreContext(store.getState())).toBeNull();
    expect(selectSessionStatus(store.getState())).toBe('signedOut');
  });

  it('sign-out drops every cached answer of the previous user', async () => {
    const { store } = await signedInStore();
    await store.dispatch(userAndTeamApi.endpoints.getActiveTeam.initiate());
    expect(userAndTeamApi.endpoints.getActiveTeam.select()(store.getState()).data).toBeDefined();
    await store.dispatch(authApi.endpoints.signOut.initiate());
    expect(userAndTeamApi.endpoints.getActiveTeam.select()(store.getState()).data).toBeUndefined();
  });

  it('a failed token exchange clears the context', async () => {
    server.use(
      http.post(v1('/auth/exchange-token'), () =>
        HttpResponse.json({ result: 'InvalidRequest', message: 'no' }, { status: 400 }),
      ),
    );
    const { store } = await signedInStore();
    await store.dispatch(
      authApi.endpoints.exchangeToken.initiate({
        identityProvider: 'Google',
        code: 'c',
        codeVerifier: 'v'.repeat(43),
        redirectUri: 'http://localhost/auth/google',
      }),
    );
    expect(selectCoreContext(store.getState())).toBeNull();
  });

  it('a successful token exchange remembers its provider', async () => {
    const { store } = setupStore();
    await store.dispatch(
      authApi.endpoints.exchangeToken.initiate({
        identityProvider: 'Google',
        code: 'c',
        codeVerifier: 'v'.repeat(43),
        redirectUri: 'http://localhost/auth/google',
      }),
    );
    expect(selectLastIdentityProvider(store.getState())).toBe('Google');
    expect(selectCoreContext(store.getState())).not.toBeNull();
  });

  it('successful calls refresh the last auth extension timestamp, the validate calls do not', async () => {
    const now = jest.spyOn(Date, 'now');
    now.mockReturnValue(1_000);
    const { store } = await signedInStore();
    expect(selectLastAuthExtensionTimestamp(store.getState())).toBe(1_000);
    now.mockReturnValue(2_000);
    await store.dispatch(authApi.endpoints.validateSession.initiate());
    await store.dispatch(
      authApi.endpoints.validateInvite.initiate({ inviteCode: 'good-invite-code', emailAddress: 'a@b.co' }),
    );
    expect(selectLastAuthExtensionTimestamp(store.getState())).toBe(1_000);
    now.mockReturnValue(3_000);
    await store.dispatch(userAndTeamApi.endpoints.getActiveTeam.initiate());
    expect(selectLastAuthExtensionTimestamp(store.getState())).toBe(3_000);
    now.mockRestore();
  });

  it('the last identity provider can be forgotten', async () => {
    const { store } = await signedInStore();
    store.dispatch(lastIdentityProviderForgotten());
    expect(selectLastIdentityProvider(store.getState())).toBeNull();
  });
});

describe('persistence', () => {
  it('keeps only the last provider and the last auth extension under the core-context key', async () => {
    const { store, persistor } = await signedInStore();
    await persistor.flush();
    const stored = JSON.parse(localStorage.getItem('persist:core-context') ?? '{}');
    expect(Object.keys(stored).sort()).toEqual(['_persist', 'lastAuthExtensionTimestamp', 'lastIdentityProvider']);
    expect(JSON.parse(stored.lastIdentityProvider)).toBe('Test');
    expect(selectCoreContext(store.getState())).not.toBeNull();
  });

  it('restores them at start, without a context', async () => {
    localStorage.setItem(
      'persist:core-context',
      JSON.stringify({
        lastIdentityProvider: '"Google"',
        lastAuthExtensionTimestamp: '1234',
        _persist: '{"version":-1,"rehydrated":true}',
      }),
    );
    const { store, persistor } = setupStore();
    await new Promise<void>((resolve) => {
      if (persistor.getState().bootstrapped) resolve();
      else persistor.subscribe(() => persistor.getState().bootstrapped && resolve());
    });
    expect(selectLastIdentityProvider(store.getState())).toBe('Google');
    expect(selectLastAuthExtensionTimestamp(store.getState())).toBe(1234);
    expect(selectSessionStatus(store.getState())).toBe('unknown');
  });
});
