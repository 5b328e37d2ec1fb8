import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import {
  useGetActiveTeamQuery,
  useInviteTeamMemberMutation,
  usePutTeamMemberRoleMutation,
  useRemoveTeamMemberMutation,
  useRevokeTeamInviteMutation,
} from '../../api/userAndTeam';
import { useGetSubscriptionQuery } from '../../api/account';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { selectCoreContext } from '../session/coreContextSlice';
import { selectActiveTeam } from '../teams/teamSlice';
import { roleNames, selectIsTeamAdmin } from '../teams/teamSelectors';
import { DialogActions, ModalDialog } from '../teams/ModalDialog';
import { SettingsNav } from '../account/SettingsNav';
import { Alert, Button, CopyButton } from '../../ui';
import { TeamRole } from '../../../shared/enums';
import { inviteLink } from './invitesSlice';
import { InviteForm } from './InviteForm';
import { InviteLinkPanel, formatExpiry, type FreshInvite } from './InviteLinkPanel';
import { RoleSelect } from './RoleSelect';
import styles from './MembersPage.module.css';

type Membership = { memberUserId: string; memberEmailAddress: string; role: number };
type Confirmation = { kind: 'remove' | 'leave'; member: Membership } | null;

/**
 * `/settings/members`: the active team's members with their roles, and its open invites. Admins
 * invite, change roles, remove, and copy or revoke any open invite (the server gives Admins the
 * codes); an Editor sees the team and may leave it, nothing more.
 */
export function MembersPage() {
  const navigate = useNavigate();
  const team = useAppSelector(selectActiveTeam);
  const myUserId = useAppSelector(selectCoreContext)?.userContext.userId;
  const isAdmin = useAppSelector(selectIsTeamAdmin);
  // The session's copy of the team may be old: read it afresh (the answer refreshes the session's copy).
  useGetActiveTeamQuery(undefined, { refetchOnMountOrArgChange: true });
  const subscription = useGetSubscriptionQuery(undefined, { refetchOnMountOrArgChange: true }).data;
  const [invite, invitation] = useInviteTeamMemberMutation();
  const [putRole] = usePutTeamMemberRoleMutation();
  const [removeMember, removal] = useRemoveTeamMemberMutation();
  const [revokeInvite] = useRevokeTeamInviteMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [pendingUserIds, setPendingUserIds] = useState<ReadonlySet<string>>(new Set());
  const [confirmation, setConfirmation] = useState<Confirmation>(null);
  // The invite just made, for the panel with its link (until it is revoked or another team is shown).
  const [lastInvite, setLastInvite] = useState<(FreshInvite & { teamId: string }) | null>(null);

  useEffect(() => {
    document.title = 'Members · Baton';
  }, []);

  if (!team) return null;
  const teamId = team.id;
  const members = [...team.teamMemberships].sort(
    (a, b) => a.role - b.role || a.memberEmailAddress.localeCompare(b.memberEmailAddress),
  );
  const adminCount = members.filter((member) => member.role === TeamRole.Admin).length;
  const isLastAdmin = (member: Membership) => member.role === TeamRole.Admin && adminCount <= 1;
  const freshInvite = lastInvite?.teamId === teamId ? lastInvite : null;

  const withPending = (userId: string, on: boolean) =>
    setPendingUserIds((current) => {
      const next = new Set(current);
      if (on) next.add(userId);
      else next.delete(userId);
      return next;
    });

  async function inviteColleague({ emailAddress, role }: { emailAddress: string; role: TeamRole }) {
    setProblem(null);
    try {
      const created = await invite({ emailAddress, role }).unwrap();
      setLastInvite({ teamId, ...created });
      return true;
    } catch (error) {
      // A QuotaLimit answer also takes the user to the account settings (spec §8).
      setProblem(errorMessage(error));
      return false;
    }
  }

  async function changeRole(member: Membership, newRole: TeamRole) {
    setProblem(null);
    withPending(member.memberUserId, true);
    try {
      await putRole({ userId: member.memberUserId, body: { newRole } }).unwrap();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      withPending(member.memberUserId, false);
    }
  }

  async function confirmRemoval() {
    if (!confirmation) return;
    const { kind, member } = confirmation;
    setProblem(null);
    try {
      await removeMember(member.memberUserId).unwrap();
      setConfirmation(null);
      // Leaving moves you to another team: the whole context changes, as after a team switch.
      if (kind === 'leave') navigate('/');
    } catch (error) {
      setConfirmation(null);
      setProblem(errorMessage(error));
    }
  }

  async function revoke(inviteCode: string, emailAddress: string) {
    setProblem(null);
    try {
      await revokeInvite({ inviteReference: { inviteCode, emailAddress } }).unwrap();
      setLastInvite((shown) => (shown?.inviteCode === inviteCode ? null : shown));
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>Members</h1>
        <p className={styles.lead}>
          {team.teamName}
          {subscription &&
            ` · ${subscription.usage.teamMembers} of ${subscription.entitlements.maxTeamMembers} seats in use`}
        </p>
      </div>
      <SettingsNav />

      {problem && <Alert>{problem}</Alert>}

      {isAdmin ? (
        <section className={styles.card}>
          <InviteForm busy={invitation.isLoading} onInvite={inviteColleague} />
          {freshInvite && <InviteLinkPanel invite={freshInvite} />}
        </section>
      ) : (
        <Alert tone="info">You are an Editor of {team.teamName}. Admins invite members and change roles.</Alert>
      )}

      <section className={styles.section} aria-labelledby="members-title">
        <h2 id="members-title" className={styles.sectionTitle}>
          Members <span className={styles.count}>{members.length}</span>
        </h2>
        <ul className={styles.list} aria-labelledby="members-title">
          {members.map((member) => {
            const isMe = member.memberUserId === myUserId;
            const pending = pendingUserIds.has(member.memberUserId);
            return (
              <li key={member.memberUserId} className={styles.row} aria-label={member.memberEmailAddress}>
                <span className={styles.avatar} aria-hidden="true">
                  {member.memberEmailAddress.slice(0, 1).toUpperCase()}
                </span>
                <span className={styles.identity}>
                  <span className={styles.email}>{member.memberEmailAddress}</span>
                  {isMe && <span className={styles.you}>You</span>}
                </span>
                <span className={styles.role}>
                  {isAdmin ? (
                    <RoleSelect
                      aria-label={`Role of ${member.memberEmailAddress}`}
                      value={member.role as TeamRole}
                      disabled={pending || isLastAdmin(member)}
                      title={isLastAdmin(member) ? 'A team needs at least one Admin' : undefined}
                      onChange={(role) => void changeRole(member, role)}
                    />
                  ) : (
                    <span className={styles.roleText}>{roleNames[member.role as TeamRole]}</span>
                  )}
                </span>
                <span className={styles.actions}>
                  {isMe
                    ? !isLastAdmin(member) && (
                        <Button variant="ghost" onClick={() => setConfirmation({ kind: 'leave', member })}>
                          Leave team
                        </Button>
                      )
                    : isAdmin && (
                        <Button
                          variant="ghost"
                          className={styles.danger}
                          disabled={pending}
                          aria-label={`Remove ${member.memberEmailAddress}`}
                          onClick={() => setConfirmation({ kind: 'remove', member })}
                        >
                          Remove
                        </Button>
                      )}
                </span>
              </li>
            );
          })}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="invites-title">
        <h2 id="invites-title" className={styles.sectionTitle}>
          Open invites <span className={styles.count}>{team.invitedTeamMembers.length}</span>
        </h2>
        {team.invitedTeamMembers.length === 0 ? (
          <p className={styles.empty}>
            No open invites. Each invite holds a seat until it is used, revoked or expires.
          </p>
        ) : (
          <ul className={styles.list} aria-labelledby="invites-title">
            {team.invitedTeamMembers.map(({ memberEmailAddress, inviteCode, role, expiresAt }) => (
              <li key={memberEmailAddress} className={styles.row} aria-label={memberEmailAddress}>
                <span className={`${styles.avatar} ${styles.avatarPending}`} aria-hidden="true">
                  {memberEmailAddress.slice(0, 1).toUpperCase()}
                </span>
                <span className={styles.identity}>
                  <span className={styles.email}>{memberEmailAddress}</span>
                  <span className={styles.meta}>
                    {role !== undefined && expiresAt
                      ? `${roleNames[role as TeamRole]} · expires ${formatExpiry(expiresAt)}`
                      : 'Invited'}
                  </span>
                </span>
                <span className={styles.actions}>
                  {isAdmin && inviteCode && (
                    <>
                      <CopyButton text={inviteLink(inviteCode)} />
                      <Button
                        variant="ghost"
                        className={styles.danger}
                        aria-label={`Revoke the invite of ${memberEmailAddress}`}
                        onClick={() => void revoke(inviteCode, memberEmailAddress)}
                      >
                        Revoke
                      </Button>
                    </>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ModalDialog
        open={confirmation !== null}
        onOpenChange={(open) => !open && setConfirmation(null)}
        title={confirmation?.kind === 'leave' ? `Leave ${team.teamName}?` : 'Remove this member?'}
        description={
          confirmation?.kind === 'leave'
            ? 'You lose access to its projects until an Admin invites you again.'
            : `${confirmation?.member.memberEmailAddress ?? ''} loses access to ${team.teamName} and its projects.`
        }
      >
        <DialogActions>
          <Button onClick={() => setConfirmation(null)}>Cancel</Button>
          <Button variant="primary" disabled={removal.isLoading} onClick={() => void confirmRemoval()}>
            {confirmation?.kind === 'leave' ? 'Leave team' : 'Remove'}
          </Button>
        </DialogActions>
      </ModalDialog>
    </div>
  );
}
