import type { RootState } from '../../app/store';
import { selectMembership, selectTeamMemberships } from '../teams/teamSlice';

export interface Member {
  userId: string;
  emailAddress: string;
}

const NO_MEMBERS: Member[] = [];
let lastMemberships: unknown = null;
let lastMembers: Member[] = NO_MEMBERS;

/** The active team's members, for assignee pickers and avatars. */
export function selectTeamMembers(state: RootState): Member[] {
  const memberships = selectTeamMemberships(state);
  if (memberships.length === 0) return NO_MEMBERS;
  if (memberships !== lastMemberships) {
    lastMemberships = memberships;
    lastMembers = memberships.map((member) => ({
      userId: member.memberUserId,
      emailAddress: member.memberEmailAddress,
    }));
  }
  return lastMembers;
}

export const selectMemberEmail = (state: RootState, userId: string | null) =>
  userId ? (selectMembership(state, userId)?.memberEmailAddress ?? null) : null;

/** "ada.lovelace@example.com" → "AL"; "ada@example.com" → "AD". */
export function initials(emailAddress: string): string {
  const local = emailAddress.split('@')[0] ?? emailAddress;
  const parts = local.split(/[._\-+]+/).filter(Boolean);
  const letters = parts.length >= 2 ? `${parts[0]![0]}${parts[1]![0]}` : local.slice(0, 2);
  return letters.toUpperCase();
}
