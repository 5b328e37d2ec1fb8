import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/types';
import { identities, users, userSettings } from '../db/schema';
import type { AppSettings } from '../../shared/contract/userAndTeam';

export async function findUserByIdentity(db: Db, issuer: string, subject: string) {
  const [row] = await db
    .select({ id: users.id, emailAddress: users.emailAddress, activeTeamId: users.activeTeamId })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(identities.issuer, issuer), eq(identities.subject, subject)))
    .limit(1);
  return row;
}

export async function findUserById(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function emailAddressIsTaken(db: Db, emailAddress: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.emailAddress, emailAddress)).limit(1);
  return row !== undefined;
}

export async function insertUser(
  db: Db,
  user: {
    id: string;
    emailAddress: string;
    identity: { id: string; identityProvider: string; issuer: string; subject: string };
  },
) {
  await db.insert(users).values({ id: user.id, emailAddress: user.emailAddress });
  await db.insert(identities).values({ ...user.identity, userId: user.id });
  await db.insert(userSettings).values({ userId: user.id });
}

export async function setActiveTeam(db: Db, userId: string, teamId: string) {
  await db.update(users).set({ activeTeamId: teamId }).where(eq(users.id, userId));
}

export async function findAppSettings(db: Db, userId: string): Promise<AppSettings> {
  const [row] = await db
    .select({ appSettings: userSettings.appSettings })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row?.appSettings ?? {};
}

export async function saveAppSettings(db: Db, userId: string, appSettings: AppSettings, now: Date) {
  await db
    .insert(userSettings)
    .values({ userId, appSettings, updatedAt: now })
    .onConflictDoUpdate({ target: userSettings.userId, set: { appSettings, updatedAt: now } });
}
