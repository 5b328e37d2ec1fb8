import { http, HttpResponse } from 'msw';
import { mockBackend, ok, unauthorizedBody } from './mockBackend';
import { contextAsSeen, teamAsSeenBy } from './teams';

const url = (path: string) => `${location.origin}/v1${path}`;
const unauthorized = () => HttpResponse.json(unauthorizedBody, { status: 401 });

export const userAndTeamHandlers = [
  http.get(url('/user/core-application-context'), () =>
    mockBackend.signedIn ? HttpResponse.json(ok(contextAsSeen())) : unauthorized(),
  ),
  http.put(url('/user/app-settings'), async ({ request }) => {
    if (!mockBackend.signedIn) return unauthorized();
    const { appSettings } = (await request.json()) as { appSettings: Record<string, never> };
    mockBackend.context = { ...mockBackend.context, appSettings };
    return HttpResponse.json(ok({ appSettings }));
  }),
  http.get(url('/teams/active'), () =>
    mockBackend.signedIn
      ? HttpResponse.json(ok(teamAsSeenBy(mockBackend.context.activeTeam, mockBackend.context.userContext.userId)))
      : unauthorized(),
  ),
];
