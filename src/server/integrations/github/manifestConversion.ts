import type { GithubSetupConfig } from '../../config/githubConfig';
import type { CreatedApp } from '../../services/githubManifest';
import { GITHUB_API_VERSION } from './githubClient';

/** Octokit's request is ESM-only: loaded with a dynamic import, as githubClient.ts does. */
const requestModule = () => import('@octokit/request').then((module) => module.request);

/** GitHub refused the code: unknown, spent, or older than an hour. */
export class ManifestCodeRefused extends Error {}

/**
 * Exchanges the manifest flow's code for the new app (`POST /app-manifests/{code}/conversions`, no
 * authentication: the code is the credential, good once), at `GITHUB_API_URL` with Baton's headers.
 */
export async function convertManifest(config: GithubSetupConfig, code: string): Promise<CreatedApp> {
  const request = await requestModule();
  try {
    const { data } = await request('POST /app-manifests/{code}/conversions', {
      code,
      baseUrl: config.apiUrl,
      headers: { 'user-agent': 'Baton (GitHub App setup)', 'x-github-api-version': GITHUB_API_VERSION },
      request: {
        fetch: (input: RequestInfo | URL, init?: RequestInit) =>
          fetch(input, { ...init, signal: AbortSignal.timeout(config.timeoutMs) }),
      },
    });
    const owner = data.owner as { login?: string; slug?: string } | null;
    return {
      id: data.id,
      slug: data.slug ?? '',
      htmlUrl: data.html_url,
      owner: owner?.login ?? owner?.slug ?? null,
      clientId: data.client_id,
      clientSecret: data.client_secret,
      webhookSecret: data.webhook_secret ?? '',
      pem: data.pem,
    };
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 404 || status === 422) throw new ManifestCodeRefused(`GitHub refused the code (HTTP ${status})`);
    throw error;
  }
}
