/**
 * `npm run github:app`: what a headless operator needs to create Baton's GitHub App through GitHub's
 * manifest flow — the manifest Baton posts and the page in Baton that posts it (docs/handoff.md).
 * Reads PUBLIC_URL, GITHUB_WEB_URL and GITHUB_SETUP_TOKEN from the environment; prints no secret it did not make.
 */
import { randomBytes } from 'node:crypto';
import { GITHUB_WEBHOOK_PATH } from '../src/server/routes/github/webhook';
import { SETUP_PATH, appManifest, defaultAppName } from '../src/server/services/githubManifest';

const publicUrl = (process.env['PUBLIC_URL'] ?? 'http://localhost:3000').replace(/\/+$/, '');
const webUrl = (process.env['GITHUB_WEB_URL'] ?? 'https://github.com').replace(/\/+$/, '');
const organization = process.argv.find((arg) => arg.startsWith('--org='))?.slice('--org='.length) ?? null;
const isPublic = process.argv.includes('--public');
const given = process.env['GITHUB_SETUP_TOKEN'];
const token = given ?? randomBytes(24).toString('base64url');

const manifest = appManifest(publicUrl, GITHUB_WEBHOOK_PATH, { name: defaultAppName(publicUrl), public: isPublic });
const query = new URLSearchParams({
  token,
  ...(organization ? { organization } : {}),
  ...(isPublic ? { public: 'true' } : {}),
});
const lines = [
  `Baton's GitHub App, for ${publicUrl} on ${webUrl}${organization ? ` (organisation ${organization})` : ''}:`,
  '',
  ...(given
    ? []
    : [
        '1. Set GITHUB_SETUP_TOKEN on Baton (no GITHUB_APP_* variables yet) and restart it, for example:',
        `   GITHUB_SETUP_TOKEN=${token}`,
        '',
      ]),
  `${given ? '1' : '2'}. Open in a browser signed in to GitHub${organization ? ` as an owner of ${organization}` : ''}:`,
  `   ${publicUrl}${SETUP_PATH}?${query}`,
  '   and press "Create the app on GitHub". GitHub sends you back to Baton, which shows the six GITHUB_*',
  '   lines to set; set them, remove GITHUB_SETUP_TOKEN and restart.',
  '',
  'The manifest Baton posts:',
  JSON.stringify(manifest, null, 2),
];
process.stdout.write(`${lines.join('\n')}\n`);
