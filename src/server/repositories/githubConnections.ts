import { eq } from 'drizzle-orm';
import type { Db } from '../db/types';
import { githubConnections, type GithubConnectionRow } from '../db/schema';

export async function findGithubConnection(db: Db, teamId: string): Promise<GithubConnectionRow | undefined> {
  const [row] = await db.select().from(githubConnections).where(eq(githubConnections.teamId, teamId)).limit(1);
  return row;
}

/** Stores the team's installation; a different installation than before forgets the chosen repository. */
export async function saveGithubInstallation(
  db: Db,
  row: Pick<GithubConnectionRow, 'teamId' | 'installationId' | 'accountLogin' | 'accountType' | 'connectedBy'> & {
    now: Date;
  },
): Promise<void> {
  const { now, ...values } = row;
  const current = await findGithubConnection(db, row.teamId);
  const sameInstallation = current?.installationId === row.installationId;
  await db
    .insert(githubConnections)
    .values({ ...values, connectedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: githubConnections.teamId,
      set: {
        ...values,
        updatedAt: now,
        ...(sameInstallation ? {} : { repository: null, baseBranch: null, connectedAt: now }),
      },
    });
}

export async function saveGithubRepository(
  db: Db,
  teamId: string,
  repository: { repository: string; baseBranch: string; now: Date },
): Promise<void> {
  await db
    .update(githubConnections)
    .set({ repository: repository.repository, baseBranch: repository.baseBranch, updatedAt: repository.now })
    .where(eq(githubConnections.teamId, teamId));
}

/** Disconnects every team connected through this installation (the app was uninstalled there). */
export async function deleteInstallationConnections(db: Db, installationId: number) {
  await db.delete(githubConnections).where(eq(githubConnections.installationId, installationId));
}

/** Marks the installation's connections suspended (a date) or not (null): nothing can be sent meanwhile. */
export async function setInstallationSuspended(db: Db, installationId: number, suspendedAt: Date | null, now: Date) {
  await db
    .update(githubConnections)
    .set({ suspendedAt, updatedAt: now })
    .where(eq(githubConnections.installationId, installationId));
}
