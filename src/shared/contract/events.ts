/**
 * What an open board hears over `GET /v1/teams/active/events` (server-sent events): each message
 * is `event: change` with a TeamChange as its data and the event's id, so a reconnecting browser
 * resumes with Last-Event-ID. `event: reset` means events were missed (reload what is shown);
 * `event: removed` means the user is no longer in the team (the stream then ends).
 */
import type { BoardItem, ProjectPlacement } from './items';

export const TEAM_EVENTS_PATH = '/v1/teams/active/events';

/**
 * A changed item as a card shows it, with its place in every project it is in: enough for any open
 * board to patch itself (the item panel reads the rest when it opens).
 */
export type ChangedItem = Omit<BoardItem, 'projectContexts'> & { projectContexts: ProjectPlacement[] };

/** At most this many items ride on one change; a larger change leaves the boards to read themselves again. */
export const MAX_CHANGED_ITEMS_CARRIED = 25;

export type TeamChange =
  /**
   * Items changed: these ids, or (empty) any item of the project, e.g. after a bulk move. As delivered,
   * `items` carries the listed items as they are now (at most MAX_CHANGED_ITEMS_CARRIED); a listed id
   * missing from it was deleted. Without `items` a board reads itself again.
   */
  | { kind: 'items'; projectId: string | null; itemIds: string[]; items?: ChangedItem[] }
  | { kind: 'projects'; projectId: string | null }
  /** An item's comments changed; the members a changed comment mentions (or mentioned) have new mentions to read. */
  | { kind: 'comments'; itemId: string; mentionedUserIds: string[] }
  /** The team's fields, members, invites or plan. */
  | { kind: 'team' }
  | { kind: 'memberRemoved'; userId: string };

/**
 * The header a browser tab sends with its writes (a random id per tab). The change it causes carries
 * it back as `origin`, so that tab, which applied the change already, does not read it again.
 */
export const CLIENT_ID_HEADER = 'x-baton-client';
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** A change as the stream carries it: what changed, and the tab that made it (when one did). */
export type TeamEvent = TeamChange & { origin?: string };
