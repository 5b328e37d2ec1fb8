import type { RootState } from '../../app/store';
import { TeamRole } from '../../../shared/enums';
import { selectMembership } from './teamSlice';

/** The signed-in user's role in the active team, or null before the context is known. */
export function selectMyRole(state: RootState): TeamRole | null {
  const userId = state.coreContext.context?.userContext.userId;
  const membership = userId ? selectMembership(state, userId) : undefined;
  return membership ? (membership.role as TeamRole) : null;
}

/** Admins manage the team: its name, members, roles and invites (design §4). */
export const selectIsTeamAdmin = (state: RootState) => selectMyRole(state) === TeamRole.Admin;

/** The account is the user's own when their e-mail is the account id (spec §6); only then may they bill. */
export function selectIsAccountOwner(state: RootState): boolean {
  const userContext = state.coreContext.context?.userContext;
  return !!userContext && userContext.emailAddress.toLowerCase() === userContext.activeAccountId.toLowerCase();
}

export const roleNames: Record<TeamRole, string> = { [TeamRole.Admin]: 'Admin', [TeamRole.Editor]: 'Editor' };
export const roleDescriptions: Record<TeamRole, string> = {
  [TeamRole.Admin]: 'Manages the team, its members and invites',
  [TeamRole.Editor]: 'Plans projects and items',
};
