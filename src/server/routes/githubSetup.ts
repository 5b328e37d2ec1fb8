import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ApiError, invalidRequest, notFound } from '../errors';
import {
  SETUP_CALLBACK_PATH,
  SETUP_PATH,
  appManifest,
  checkSetupState,
  defaultAppName,
  envLines,
  isSetupToken,
  manifestPostUrl,
  signSetupState,
} from '../services/githubManifest';
import { claimSetupState } from '../repositories/githubSetupClaims';
import { convertManifest, ManifestCodeRefused } from '../integrations/github/manifestConversion';
import { GITHUB_WEBHOOK_PATH } from './github/webhook';
import { escapeHtml, setupPage } from './githubSetupPage';

const StartQuery = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 500 }),
    organization: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$' })),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 34 })),
    public: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
const CallbackQuery = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 200 }),
  state: Type.String({ minLength: 1, maxLength: 300 }),
});

/** The page's own policy: it posts a form to GitHub, which Baton's default `form-action 'self'` forbids. */
const pagePolicy = (formAction: string) =>
  `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`;

const html = (reply: FastifyReply, body: string, formAction = "'none'") =>
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('content-security-policy', pagePolicy(formAction))
    .send(body);

/**
 * Creating Baton's GitHub App through GitHub's manifest flow (docs/handoff.md). Operator pages, not a
 * team's: they exist only while no app is configured and GITHUB_SETUP_TOKEN is set (config.githubSetup),
 * the start page asks for that token, and the way back is taken once, with a state signed by it.
 * The new app's secrets are shown once to whoever finished the flow, and never logged.
 */
export default async function githubSetupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { publicUrl } = app.config;
  const setup = () => {
    if (!app.config.githubSetup) {
      throw notFound(
        app.config.github
          ? 'GitHub is already configured on this Baton.'
          : 'Set GITHUB_SETUP_TOKEN to create the GitHub App from Baton (docs/handoff.md).',
      );
    }
    return app.config.githubSetup;
  };

  app.get(
    SETUP_PATH,
    { config: { public: true }, schema: { hide: true, querystring: StartQuery } },
    async (request, reply) => {
      const config = setup();
      if (!isSetupToken(config.setupToken, request.query.token)) {
        throw new ApiError('Unauthorized', 'That is not this Baton’s GITHUB_SETUP_TOKEN.', 403);
      }
      const organization = request.query.organization ?? null;
      const manifest = appManifest(publicUrl, GITHUB_WEBHOOK_PATH, {
        name: request.query.name ?? defaultAppName(publicUrl),
        public: request.query.public ?? false,
      });
      const action = manifestPostUrl(config.webUrl, organization, signSetupState(config.setupToken, app.clock.now()));
      return html(
        reply,
        setupPage(
          'Create Baton’s GitHub App',
          `<p>GitHub creates the app <b>${escapeHtml(manifest.name)}</b> ${
            organization ? `owned by the organisation <b>${escapeHtml(organization)}</b>` : 'owned by your own account'
          }, ${manifest.public ? 'public (any account can install it)' : 'private (only that account can install it)'}, with:</p>
<ul>
<li>webhook <code>${escapeHtml(manifest.hook_attributes.url)}</code> and the events ${manifest.default_events.map((e) => `<code>${e}</code>`).join(', ')}</li>
<li>permissions ${Object.entries(manifest.default_permissions)
            .map(([name, level]) => `<code>${name}: ${level}</code>`)
            .join(', ')}</li>
<li>callback URL <code>${escapeHtml(manifest.callback_urls[0]!)}</code>, requesting user authorization during installation</li>
</ul>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="manifest" value="${escapeHtml(JSON.stringify(manifest))}">
<button type="submit">Create the app on GitHub</button>
</form>
<p>GitHub asks you to confirm the name, then sends you back here with the app's settings.</p>`,
        ),
        new URL(config.webUrl).origin,
      );
    },
  );

  app.get(
    SETUP_CALLBACK_PATH,
    { config: { public: true, callsOut: true }, schema: { hide: true, querystring: CallbackQuery } },
    async (request, reply) => {
      const config = setup();
      const now = app.clock.now();
      const nonce = checkSetupState(config.setupToken, request.query.state, now);
      if (!nonce)
        throw invalidRequest('This setup link is not one this Baton started, or is over an hour old: start again.');
      // Taken before GitHub is asked: the same redirect twice exchanges the code once.
      if (!(await claimSetupState(app.db, nonce, now))) {
        throw invalidRequest('This setup link was used already: its app was created. Start again for another.');
      }
      let created;
      try {
        created = await convertManifest(config, request.query.code);
      } catch (error) {
        if (error instanceof ManifestCodeRefused) throw invalidRequest(`${error.message}: start again.`);
        throw new ApiError(
          'Failed',
          'GitHub did not answer; the app may have been created: look under Settings → Developer settings → GitHub Apps.',
          502,
        );
      }
      return html(
        reply,
        setupPage(
          'Baton’s GitHub App is created',
          `<p>GitHub created <a href="${escapeHtml(created.htmlUrl)}">${escapeHtml(created.slug)}</a>${
            created.owner ? ` for ${escapeHtml(created.owner)}` : ''
          }. Put these lines in Baton’s environment and restart it (this page is shown once; the secrets are not kept):</p>
<pre>${escapeHtml(envLines(created).join('\n'))}</pre>
<p>Then remove <code>GITHUB_SETUP_TOKEN</code>, and install the app from Settings → GitHub.</p>`,
        ),
      );
    },
  );
}
