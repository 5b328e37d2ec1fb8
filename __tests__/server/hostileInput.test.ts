import { buildTestApp, type TestApp } from './helpers/testApp';
import { teamUser } from './helpers/planning';
import { tableSnapshot } from '../fuzz/tableSnapshot';

/** Input every schema accepts but PostgreSQL or JavaScript cannot handle: refused at the boundary, nothing stored. */
describe('hostile input', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof teamUser>>;
  beforeAll(async () => {
    t = await buildTestApp();
    user = await teamUser(t.app, 'hostile@example.com');
  });
  afterAll(() => t.close());

  /** Sends a raw JSON text (so escapes such as \u0000 and \ud800 reach the server as written). */
  const send = (method: 'POST' | 'PUT' | 'GET' | 'DELETE', url: string, json?: string, cookie?: string) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
      payload: json,
    });

  /** Expects a 400 InvalidRequest whose message starts with `message`, and no table changed. */
  async function expectRefused(request: () => Promise<{ statusCode: number; json(): unknown }>, message: string) {
    const before = await tableSnapshot(t.app);
    const response = await request();
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 400,
      body: { result: 'InvalidRequest', message: expect.stringContaining(message) },
    });
    expect(await tableSnapshot(t.app)).toEqual(before);
  }

  const createDemo = (item: string) =>
    send(
      'POST',
      '/v1/teams/active/project-items/demos',
      `{"projectId":"${user.projectId}","project":{"scope":1,"assignedTimeframe":null},"item":${item}}`,
      user.cookie,
    );

  describe('a NUL character', () => {
    it('in the invite code of validate-invite, without a session', () =>
      expectRefused(
        () =>
          send('POST', '/v1/auth/validate-invite', '{"inviteCode":"abcd\\u0000efgh","emailAddress":"a@example.com"}'),
        'body.inviteCode contains a NUL character',
      ));

    it('in the invite code of test-authenticate, without a session', () =>
      expectRefused(
        () =>
          send(
            'POST',
            '/v1/auth/test-authenticate',
            '{"emailAddress":"nul@example.com","inviteCode":"abcd\\u0000efgh"}',
          ),
        'body.inviteCode contains a NUL character',
      ));

    it('in an item description', () =>
      expectRefused(() => createDemo('{"description":"before\\u0000after"}'), 'body.item.description contains a NUL'));

    it('in a key of the body', () =>
      expectRefused(
        () => send('PUT', '/v1/teams/active/global-team-data', '{"globalTeamData":{"a\\u0000b":1}}', user.cookie),
        'body.globalTeamData contains a NUL character in a key',
      ));

    it('in a free-form value deep in the body', () =>
      expectRefused(
        () =>
          send(
            'PUT',
            '/v1/teams/active/global-team-data',
            '{"globalTeamData":{"notes":["ok","x\\u0000"]}}',
            user.cookie,
          ),
        'body.globalTeamData.notes.1 contains a NUL character',
      ));

    it('in a path id', () =>
      expectRefused(
        () => send('PUT', '/v1/teams/active/project-items/all/ab%00cd/complete', '{"markComplete":true}', user.cookie),
        'params.id contains a NUL character',
      ));

    it('in a query string', () =>
      expectRefused(
        () => send('GET', `/v1/teams/active/projects/${user.projectId}/search?query=a%00b`, undefined, user.cookie),
        'query.query contains a NUL character',
      ));
  });

  it.each([
    ['bad percent-encoding', '/v1/teams/active/projects/%C0%AF', 'bad percent-encoding'],
    ['encoded invalid UTF-8', '/v1/teams/active/projects/%ED%A0%80', 'bad percent-encoding'],
    ['a 3,000-character id', `/v1/teams/active/projects/${'x'.repeat(3000)}`, 'too long'],
  ])('answers a path with %s with the envelope', async (_what, url, message) => {
    const response = await send('GET', url, undefined, user.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ result: 'InvalidRequest', message: expect.stringContaining(message) });
    expect(response.headers['x-request-id']).toBeTruthy();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('refuses a lone surrogate in a JSON string', () =>
    expectRefused(() => createDemo('{"description":"broken \\ud800 pair"}'), 'body.item.description contains a lone'));

  it('accepts a well-formed surrogate pair (an emoji) in a JSON string', async () => {
    const response = await createDemo('{"description":"ship it \\ud83d\\ude80"}');
    expect(response.statusCode).toBe(200);
  });

  it('refuses a leap second in a date-time', () =>
    expectRefused(
      () => createDemo('{"description":"leap","completionDate":"2016-12-31T23:59:60Z"}'),
      'body.item.completionDate',
    ));

  it('refuses a date-time offset JavaScript cannot read (+05)', () =>
    expectRefused(
      () => createDemo('{"description":"offset","completionDate":"2016-12-31T20:00:00+05"}'),
      'body.item.completionDate',
    ));

  it('refuses year 0000 in a date', () =>
    expectRefused(() => createDemo('{"description":"year zero","startDate":"0000-01-01"}'), 'body.item.startDate'));

  it('refuses year 0000 in a date-time', () =>
    expectRefused(
      () => createDemo('{"description":"year zero","completionDate":"0000-01-01T00:00:00Z"}'),
      'body.item.completionDate',
    ));

  it('refuses JSON nested 5,000 deep', () =>
    expectRefused(
      () =>
        send(
          'PUT',
          '/v1/teams/active/global-team-data',
          `{"globalTeamData":{"deep":${'['.repeat(5000)}${']'.repeat(5000)}}}`,
          user.cookie,
        ),
      'body.globalTeamData.deep',
    ));

  it('refuses JSON nested 5,000 deep without a session', () =>
    expectRefused(
      () => send('POST', '/v1/auth/validate-invite', `${'['.repeat(5000)}${']'.repeat(5000)}`),
      'nested deeper than 64',
    ));
});
