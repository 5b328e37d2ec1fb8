/** The messages the page and its service worker exchange (spec §4). */
export const SKIP_WAITING = 'SKIP_WAITING';
export const NEW_VERSION_AVAILABLE = 'NEW_VERSION_AVAILABLE';

export interface SkipWaitingMessage {
  type: typeof SKIP_WAITING;
}

export interface NewVersionMessage {
  type: typeof NEW_VERSION_AVAILABLE;
  /** The build hash of the worker that took over. */
  version: string;
}

const hasType = (data: unknown, type: string): data is { type: string } & Record<string, unknown> =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === type;

export const isSkipWaitingMessage = (data: unknown): data is SkipWaitingMessage => hasType(data, SKIP_WAITING);

/** Only a message that names the new version counts; anything else is ignored. */
export const isNewVersionMessage = (data: unknown): data is NewVersionMessage =>
  hasType(data, NEW_VERSION_AVAILABLE) && typeof data.version === 'string' && data.version !== '';
