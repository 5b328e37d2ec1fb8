import { useId, useState, type FormEvent } from 'react';
import { TeamRole } from '../../../shared/enums';
import { Button, TextField } from '../../ui';
import { RoleSelect } from './RoleSelect';
import styles from './MembersPage.module.css';

export interface InviteFormProps {
  busy: boolean;
  /** Resolves true when the invite was made, so the form can clear. */
  onInvite: (invite: { emailAddress: string; role: TeamRole }) => Promise<boolean>;
}

/** Invite by e-mail with a role; the answer is a link to send (Baton sends no mail). */
export function InviteForm({ busy, onInvite }: InviteFormProps) {
  const [emailAddress, setEmailAddress] = useState('');
  const [role, setRole] = useState<TeamRole>(TeamRole.Editor);
  const roleId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = emailAddress.trim();
    if (!trimmed || busy) return;
    if (await onInvite({ emailAddress: trimmed, role })) setEmailAddress('');
  };
  return (
    <form className={styles.inviteForm} onSubmit={(event) => void submit(event)} aria-labelledby="invite-title">
      <h2 id="invite-title" className={styles.sectionTitle}>
        Invite a colleague
      </h2>
      <div className={styles.inviteFields}>
        <TextField
          className={styles.inviteEmail}
          label="E-mail address"
          type="email"
          name="inviteEmail"
          autoComplete="off"
          required
          maxLength={320}
          placeholder="name@company.com"
          value={emailAddress}
          onChange={(event) => setEmailAddress(event.target.value)}
        />
        <div className={styles.inviteRole}>
          <label htmlFor={roleId} className={styles.fieldLabel}>
            Role
          </label>
          <RoleSelect id={roleId} className={styles.selectLarge} value={role} onChange={setRole} />
        </div>
        <Button type="submit" variant="primary" size="large" disabled={busy || !emailAddress.trim()}>
          {busy ? 'Inviting…' : 'Invite'}
        </Button>
      </div>
    </form>
  );
}
