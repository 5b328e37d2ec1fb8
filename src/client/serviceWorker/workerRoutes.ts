/** What the service worker answers and what it leaves to the network untouched. */

/** The app shell: the page the server sends for every client route, precached under this URL. */
export const SHELL_URL = '/';

/**
 * Paths the worker never answers, not even offline: the API (user data, SSE), MCP, OAuth and its
 * consent, discovery documents, the health check and the Apple sign-in callback.
 */
export const passThroughPaths: RegExp[] = [
  /^\/v1(?:[/?]|$)/,
  /^\/mcp(?:[/?]|$)/,
  /^\/oauth2?(?:[/?]|$)/,
  /^\/\.well-known\//,
  /^\/healthz(?:[/?]|$)/,
  /^\/auth\//,
];

export const isPassThroughPath = (pathname: string) => passThroughPaths.some((pattern) => pattern.test(pathname));

/** The precache name Workbox uses; every other cache in this origin is treated as per-user. */
export const PRECACHE_NAME_PREFIX = 'workbox-precache';
