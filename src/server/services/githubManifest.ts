/**
 * GitHub's App-manifest flow (docs/handoff.md): the manifest that creates Baton's GitHub App with the
 * permissions and events Baton uses, the page on GitHub it is posted to, and the state that brings the
 * operator back. Pure: no I/O.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { authorizationRedirect } from './githubUser';

/** Where GitHub's redirect after creating the app lands (routes/githubSetup.ts). */
export const SETUP_PATH = '/v1/setup/github';
export const SETUP_CALLBACK_PATH = `${SETUP_PATH}/callback`;
/** A manifest state is good for an hour, as long as GitHub keeps the code it sends back. */
const STATE_LIFETIME_MS = 60 * 60 * 1000;

/**
 * What Baton's calls need: Copilot's assignment needs read and write on actions, contents, issues and
 * pull requests (the user's token has only what both the app and the user have); metadata comes with
 * every app; checks: read for the `check_suite` events of CIs other than GitHub Actions.
 */
export const APP_PERMISSIONS = {
  actions: 'write',
  contents: 'write',
  issues: 'write',
  pull_requests: 'write',
  checks: 'read',
  metadata: 'read',
} as const;

/**
 * The events services/githubEvents.ts handles. `installation`, `installation_repositories` and
 * `github_app_authorization` are sent to every app and cannot be subscribed to, so they are not listed.
 */
export const APP_EVENTS = ['issues', 'issue_comment', 'pull_request', 'create', 'workflow_run', 'check_suite'];

export interface ManifestChoice {
  /** The app's name on GitHub: unique across GitHub, at most 34 characters. */
  name: string;
  /** Public apps can be installed on any account; private ones only on the account that owns them. */
  public: boolean;
}

/** A default name: GitHub app names are global, so the host tells this Baton's apart. */
export const defaultAppName = (publicUrl: string) => `Baton ${new URL(publicUrl).host}`.slice(0, 34);

/**
 * The manifest. The install's callback URL finishes the install and each member's authorization;
 * "Request user authorization during installation" is on, which makes GitHub disable a Setup URL, so
 * none is given (GitHub sends the installer to the callback URL instead).
 */
export function appManifest(publicUrl: string, webhookPath: string, choice: ManifestChoice) {
  return {
    name: choice.name,
    url: publicUrl,
    description: 'Hands planned items to coding agents (Claude Code, Copilot, Cursor) as GitHub issues.',
    hook_attributes: { url: `${publicUrl}${webhookPath}`, active: true },
    redirect_url: `${publicUrl}${SETUP_CALLBACK_PATH}`,
    callback_urls: [authorizationRedirect(publicUrl)],
    request_oauth_on_install: true,
    public: choice.public,
    default_permissions: APP_PERMISSIONS,
    default_events: APP_EVENTS,
  };
}

/** GitHub's "Create GitHub App" page for a manifest: the user's own account, or an organisation's. */
export function manifestPostUrl(webUrl: string, organization: string | null, state: string): string {
  const where = organization ? `/organizations/${encodeURIComponent(organization)}` : '';
  return `${webUrl}${where}/settings/apps/new?state=${encodeURIComponent(state)}`;
}

const mac = (key: string, payload: string) =>
  createHmac('sha256', key).update(`github-manifest:${payload}`).digest('base64url');

/** A state signed with the operator's token: a nonce (taken once on the way back) and an expiry. */
export function signSetupState(setupToken: string, now: Date): string {
  const payload = `${randomBytes(16).toString('base64url')}.${now.getTime() + STATE_LIFETIME_MS}`;
  return `${payload}.${mac(setupToken, payload)}`;
}

/** The state's nonce when this Baton signed it and it has not expired; null otherwise. */
export function checkSetupState(setupToken: string, state: string, now: Date): string | null {
  const [nonce, expires, signature] = state.split('.');
  if (!nonce || !expires || !signature) return null;
  const expected = Buffer.from(mac(setupToken, `${nonce}.${expires}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Number(expires) > now.getTime() ? nonce : null;
}

/** Whether the operator's token was given, compared in constant time. */
export function isSetupToken(setupToken: string, given: string): boolean {
  const [a, b] = [
    createHmac('sha256', 'baton').update(setupToken).digest(),
    createHmac('sha256', 'baton').update(given).digest(),
  ];
  return timingSafeEqual(a, b);
}

/** The app GitHub made, as the conversion answered it. */
export interface CreatedApp {
  id: number;
  slug: string;
  htmlUrl: string;
  owner: string | null;
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
  pem: string;
}

/** The environment lines that configure Baton with the new app (the key on one line, its breaks as \n). */
export function envLines(app: CreatedApp): string[] {
  return [
    `GITHUB_APP_ID=${app.id}`,
    `GITHUB_APP_SLUG=${app.slug}`,
    `GITHUB_APP_CLIENT_ID=${app.clientId}`,
    `GITHUB_APP_CLIENT_SECRET=${app.clientSecret}`,
    `GITHUB_WEBHOOK_SECRET=${app.webhookSecret}`,
    `GITHUB_APP_PRIVATE_KEY="${app.pem.trim().replace(/\r?\n/g, '\\n')}"`,
  ];
}
