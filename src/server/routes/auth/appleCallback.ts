import type { FastifyInstance } from 'fastify';

/** Longest code, state or error value passed on; real ones are far shorter. */
const MAX_VALUE_LENGTH = 4096;

/** Where Apple posts its answer; CSRF exempts this route (Apple's form is cross-site by design). */
export const APPLE_CALLBACK_PATH = '/auth/apple';

type FormFields = Record<string, string>;

function field(body: unknown, name: string): string | undefined {
  const value = (body as FormFields | undefined)?.[name];
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_VALUE_LENGTH ? value : undefined;
}

/**
 * Apple returns the authorization response by form_post (a cross-site POST from appleid.apple.com).
 * This turns it into a 303 to GET /auth/apple with the same parameters, where the single-page app
 * checks the state and finishes the sign-in. It reads nothing and changes nothing, so it needs no
 * session or CSRF protection.
 */
export default async function appleCallback(app: FastifyInstance) {
  // Fastify parses no forms; this parser is scoped to this plugin only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post(APPLE_CALLBACK_PATH, async (request, reply) => {
    const code = field(request.body, 'code');
    const state = field(request.body, 'state');
    const error = field(request.body, 'error');
    const query = new URLSearchParams();
    if (error || !code) query.set('error', error ?? 'invalid_request');
    else query.set('code', code);
    if (state) query.set('state', state);
    return reply.redirect(`/auth/apple?${query.toString()}`, 303);
  });
}
