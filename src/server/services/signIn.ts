import { randomUUID } from 'node:crypto';
import type { Db } from '../db/types';
import { emailAddressIsTaken, findUserByIdentity, insertUser, setActiveTeam } from '../repositories/users';
import { ensurePersonalAccount } from '../repositories/accounts';
import { setActiveProject } from '../repositories/teams';
import { findOpenInvite } from '../repositories/invites';
import { createTeamWithFirstProject, personalTeamName } from './newTeam';
import { INVALID_INVITE_MESSAGE, joinTeamWithInvite } from './members';
import { ApiError, notFound } from '../errors';
import type { IdentityProvider } from '../../shared/enums';

export interface SignInIdentity {
  identityProvider: IdentityProvider;
  issuer: string;
  subject: string;
  /** A verified address; without one only an existing user (found by issuer and subject) signs in. */
  emailAddress?: string;
  /** Why there is no address, in words for the user. */
  noAddressReason?: string;
}

const NO_ADDRESS = 'The sign-in did not share a verified e-mail address, so Baton cannot create an account for it.';

/** Issuer of identities from the Test provider, which trusts the e-mail address it is given. */
export const TEST_ISSUER = 'urn:baton:test';

/**
 * Finds or creates the user of an identity; a new user gets a personal account, a first team and a
 * first project, unless they arrive with an invite, which joins them to the inviting team instead.
 * An existing user keeps their address (an invite must name it); only a verified address makes a new
 * user, since the address keys their account and their invites.
 * Call inside a transaction: a refused invite must leave nothing behind.
 */
export async function signIn(db: Db, identity: SignInIdentity, inviteCode: string | undefined, now: Date) {
  let user = await findUserByIdentity(db, identity.issuer, identity.subject);
  const emailAddress = user?.emailAddress ?? identity.emailAddress?.trim().toLowerCase();
  if (!emailAddress) throw new ApiError('InvalidRequest', identity.noAddressReason ?? NO_ADDRESS);
  const invite = inviteCode ? await findOpenInvite(db, inviteCode, emailAddress, now) : undefined;
  if (inviteCode && !invite) throw notFound(INVALID_INVITE_MESSAGE);

  if (!user) {
    if (await emailAddressIsTaken(db, emailAddress)) {
      throw new ApiError(
        'InvalidRequest',
        'This e-mail address already belongs to a Baton user who signs in with another provider. Sign in with that provider.',
      );
    }
    const userId = randomUUID();
    await insertUser(db, {
      id: userId,
      emailAddress,
      identity: {
        id: randomUUID(),
        identityProvider: identity.identityProvider,
        issuer: identity.issuer,
        subject: identity.subject,
      },
    });
    await ensurePersonalAccount(db, emailAddress);
    if (!invite) {
      const { teamId, projectId } = await createTeamWithFirstProject(db, {
        accountId: emailAddress,
        userId,
        teamName: personalTeamName(emailAddress),
      });
      await setActiveTeam(db, userId, teamId);
      await setActiveProject(db, teamId, userId, projectId);
    }
    user = { id: userId, emailAddress, activeTeamId: null };
  }

  if (invite) await joinTeamWithInvite(db, { userId: user.id, emailAddress, inviteCode: invite.inviteCode }, now);
  return user.id;
}
