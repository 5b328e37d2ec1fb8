import { useState, type FormEvent } from 'react';
import { Button, TextField } from '../../ui';
import type { Subscription } from './subscriptionTypes';
import styles from './AccountSettingsPage.module.css';

export interface AccountDetailsSectionProps {
  subscription: Subscription;
  canChange: boolean;
  busy: boolean;
  onSave: (details: { accountName: string; billingEmail: string }) => void;
}

/** The account's name and the address invoices go to; the owner edits them, members read them. */
export function AccountDetailsSection({ subscription, canChange, busy, onSave }: AccountDetailsSectionProps) {
  return (
    <section className={styles.section} aria-labelledby="account-details-title">
      <div className={styles.sectionHeading}>
        <h2 id="account-details-title" className={styles.sectionTitle}>
          Account
        </h2>
        <p className={styles.sectionNote}>Owned by {subscription.accountId}.</p>
      </div>
      {canChange ? (
        // Keyed by the saved values: after a save (or someone else's) the form starts from them.
        <DetailsForm
          key={`${subscription.accountName}\n${subscription.billingEmail}`}
          subscription={subscription}
          busy={busy}
          onSave={onSave}
        />
      ) : (
        <dl className={styles.details}>
          <dt>Account name</dt>
          <dd>{subscription.accountName}</dd>
          <dt>Billing e-mail</dt>
          <dd>{subscription.billingEmail}</dd>
        </dl>
      )}
    </section>
  );
}

function DetailsForm({ subscription, busy, onSave }: Omit<AccountDetailsSectionProps, 'canChange'>) {
  const [accountName, setAccountName] = useState(subscription.accountName);
  const [billingEmail, setBillingEmail] = useState(subscription.billingEmail);
  const changed = accountName.trim() !== subscription.accountName || billingEmail.trim() !== subscription.billingEmail;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed && accountName.trim() && billingEmail.trim())
      onSave({ accountName: accountName.trim(), billingEmail: billingEmail.trim() });
  };
  return (
    <form className={styles.detailsForm} onSubmit={submit} aria-labelledby="account-details-title">
      <TextField
        label="Account name"
        name="accountName"
        required
        maxLength={200}
        value={accountName}
        onChange={(event) => setAccountName(event.target.value)}
      />
      <TextField
        label="Billing e-mail"
        name="billingEmail"
        type="email"
        autoComplete="email"
        required
        maxLength={320}
        value={billingEmail}
        onChange={(event) => setBillingEmail(event.target.value)}
      />
      <div className={styles.formActions}>
        <Button type="submit" variant="primary" disabled={!changed || busy}>
          Save account
        </Button>
      </div>
    </form>
  );
}
