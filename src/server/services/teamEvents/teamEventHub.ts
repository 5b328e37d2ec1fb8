import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { TeamEventRow } from '../../db/schema';
import { deleteTeamEventsBefore, listTeamEventsAfter, TEAM_EVENTS_CHANNEL } from '../../repositories/teamEvents';
import { withChangedItems } from './changedItems';

/** One open stream: the events of its team after `lastId` are written to it, in order. */
export interface TeamEventSubscriber {
  teamId: string;
  lastId: number;
  deliver(rows: TeamEventRow[]): void;
}

export interface TeamEventHub {
  subscribe(subscriber: TeamEventSubscriber): Promise<() => void>;
  close(): Promise<void>;
}

const BATCH = 200;
const KEEP_MS = 24 * 3_600_000;
const CLEAN_EVERY_MS = 10 * 60_000;

/**
 * Fans a team's changes out to its open streams. Every instance LISTENs on one channel (PostgreSQL's
 * NOTIFY crosses instances; PGlite delivers in process); a notification names the team, and each of
 * that team's streams reads what it has not seen from `team_events`, so nothing is lost or reordered
 * when notifications bunch up or the listening connection is replaced.
 */
export function createTeamEventHub(database: Database, log: FastifyBaseLogger): TeamEventHub {
  const { db } = database;
  const byTeam = new Map<string, Set<TeamEventSubscriber>>();
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();
  let stopListening: Promise<() => Promise<void>> | null = null;
  let cleaner: NodeJS.Timeout | null = null;

  const deliverTeam = async (teamId: string) => {
    const subscribers = [...(byTeam.get(teamId) ?? [])];
    if (subscribers.length === 0) return;
    const from = Math.min(...subscribers.map((subscriber) => subscriber.lastId));
    let rows = await listTeamEventsAfter(db, teamId, from, BATCH);
    while (rows.length > 0) {
      const delivered = await withChangedItems(db, teamId, rows);
      for (const subscriber of subscribers) {
        const unseen = delivered.filter((row) => row.id > subscriber.lastId);
        if (unseen.length === 0) continue;
        subscriber.lastId = unseen[unseen.length - 1]!.id;
        subscriber.deliver(unseen);
      }
      if (rows.length < BATCH) break;
      rows = await listTeamEventsAfter(db, teamId, rows[rows.length - 1]!.id, BATCH);
    }
  };

  /** One delivery per team at a time; a notification during it runs another after it. */
  const schedule = (teamId: string) => {
    if (running.has(teamId)) return void again.add(teamId);
    const run = deliverTeam(teamId)
      .catch((error: unknown) => log.warn({ err: error, teamId }, 'team events: delivery failed'))
      .finally(() => {
        running.delete(teamId);
        if (again.delete(teamId)) schedule(teamId);
      });
    running.set(teamId, run);
  };

  const startListening = () => {
    stopListening ??= database.listen(
      TEAM_EVENTS_CHANNEL,
      (payload) => schedule(payload.slice(0, payload.lastIndexOf(':'))),
      // Notifications sent while the connection was down are in the table: read them now.
      () => byTeam.forEach((_subscribers, teamId) => schedule(teamId)),
    );
    cleaner ??= setInterval(() => {
      deleteTeamEventsBefore(db, new Date(Date.now() - KEEP_MS)).catch((error: unknown) =>
        log.warn({ err: error }, 'team events: clean-up failed'),
      );
    }, CLEAN_EVERY_MS).unref();
    return stopListening;
  };

  return {
    async subscribe(subscriber) {
      await startListening();
      let set = byTeam.get(subscriber.teamId);
      if (!set) byTeam.set(subscriber.teamId, (set = new Set()));
      set.add(subscriber);
      // Whatever happened between the caller reading lastId and listening is delivered now.
      schedule(subscriber.teamId);
      return () => {
        set.delete(subscriber);
        if (set.size === 0) byTeam.delete(subscriber.teamId);
      };
    },
    async close() {
      if (cleaner) clearInterval(cleaner);
      byTeam.clear();
      await Promise.allSettled(running.values());
      if (stopListening) await (await stopListening.catch(() => async () => undefined))();
    },
  };
}
