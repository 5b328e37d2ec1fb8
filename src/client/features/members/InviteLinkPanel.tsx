import { useId } from 'react';
import type { TeamRole } from '../../../shared/enums';
import { roleNames } from '../teams/teamSelectors';
import { inviteLink } from './invitesSlice';
import { CopyButton } from '../../ui';
import styles from './MembersPage.module.css';

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** An invite just made, as the server answered it. */
export interface FreshInvite {
  inviteCode: string;
  emailAddress: string;
  role: TeamRole;
  expiresAt: string;
}

/** The link of a fresh invite, ready to copy and send: only the invited address can use it, once. */
export function InviteLinkPanel({ invite }: { invite: FreshInvite }) {
  const fieldId = useId();
  const link = inviteLink(invite.inviteCode);
  return (
    <div className={styles.invitePanel} role="status">
      <label htmlFor={fieldId} className={styles.invitePanelText}>
        Invite link for <strong>{invite.emailAddress}</strong> as {roleNames[invite.role]} — only that address can use
        it, once, until {day.format(new Date(invite.expiresAt))}.
      </label>
      <div className={styles.linkRow}>
        <input
          id={fieldId}
          className={styles.linkField}
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton text={link} />
      </div>
    </div>
  );
}

export const formatExpiry = (expiresAt: string) => day.format(new Date(expiresAt));
