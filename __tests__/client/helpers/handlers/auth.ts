import { http, HttpResponse } from 'msw';
import { mockBackend, ok, unauthorizedBody } from './mockBackend';
import { coreContextFixture } from '../fixtures';

const url = (path: string) => `${location.origin}/v1/auth${path}`;

export const authHandlers = [
  http.get(url('/identity-providers'), () =>
    HttpResponse.json(
      ok({
        identityProviders: [
          { identityProvider: 'Apple', enabled: false },
          {
            identityProvider: 'Google',
            enabled: true,
            authorizationEndpoint: 'https://accounts.example.test/authorize',
            clientId: 'google-client',
            scope: 'openid email',
          },
          { identityProvider: 'Microsoft', enabled: false },
          { identityProvider: 'Test', enabled: true },
        ],
      }),
    ),
  ),
  http.post(url('/test-authenticate'), async ({ request }) => {
    const body = (await request.json()) as { emailAddress: string };
    mockBackend.signIn(coreContextFixture(body.emailAddress));
    return HttpResponse.json(ok({ coreApplicationContext: mockBackend.context }));
  }),
  http.post(url('/exchange-token'), () => {
    mockBackend.signIn();
    return HttpResponse.json(ok({ coreApplicationContext: mockBackend.context }));
  }),
  http.post(url('/validate-invite'), async ({ request }) => {
    const body = (await request.json()) as { inviteCode: string };
    return body.inviteCode === 'good-invite-code'
      ? HttpResponse.json(ok({ teamName: 'Analytical Engines' }))
      : HttpResponse.json(
          { result: 'NotFound', message: 'This invite is not valid for this e-mail address, or it has expired.' },
          { status: 404 },
        );
  }),
  http.post(url('/sign-out'), () => {
    mockBackend.signedIn = false;
    return HttpResponse.json(ok());
  }),
  http.get(url('/validate'), () =>
    mockBackend.signedIn
      ? HttpResponse.json(ok({ emailAddress: mockBackend.context.userContext.emailAddress }))
      : HttpResponse.json(unauthorizedBody, { status: 401 }),
  ),
];
