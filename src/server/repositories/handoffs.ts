import { randomUUID } from 'node:crypto';
import type { Db } from '../db/types';
import { handoffEvents, handoffs, type HandoffRow } from '../db/schema';

export async function insertHandoff(db: Db, row: typeof handoffs.$inferInsert): Promise<HandoffRow> {
  const [stored] = await db.insert(handoffs).values(row).returning();
  return stored!;
}

export async function appendHandoffEvent(
  db: Db,
  event: { handoffId: string; at: Date; kind: string; text: string; url?: string | null },
): Promise<void> {
  await db.insert(handoffEvents).values({ id: randomUUID(), ...event, url: event.url ?? null });
}
