import type { Db } from '../../db/types';
import { insertTeamEvents, type TeamEventsToStore } from '../../repositories/teamEvents';
import type { TeamChange, TeamEvent } from '../../../shared/contract/events';

/**
 * Who makes a write: the team whose open boards hear of it, and the browser tab that made it (its
 * events carry the tab back, so that tab, which shows the change already, skips them).
 */
export interface Writer {
  teamId: string;
  origin?: string | undefined;
}

/** The changes as stored: each carries the writer's tab, if any. */
export const tagged = (writer: Pick<Writer, 'origin'>, changes: readonly TeamChange[]): TeamEvent[] =>
  writer.origin ? changes.map((change) => ({ ...change, origin: writer.origin })) : [...changes];

/**
 * Tells the team's open boards what a write changed, in the write's own transaction: they hear of it
 * once it commits, and never of a write that rolled back. Every writer (routes, MCP tools, GitHub
 * events) announces through here (docs/architecture.md "Live board").
 */
export async function announce(db: Db, writer: Writer, ...changes: TeamChange[]): Promise<void> {
  if (changes.length > 0) await insertTeamEvents(db, writer.teamId, tagged(writer, changes));
}

/** The same changes for a write that stores them in its own statement (the move: repositories/moves.ts). */
export const eventsToStore = (writer: Writer, ...changes: TeamChange[]): TeamEventsToStore => ({
  teamId: writer.teamId,
  changes: tagged(writer, changes),
});
