import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import styles from './AccountSettingsPage.module.css';

/** Quota errors send users here (spec §2); plans and billing come in a later release. */
export function AccountSettingsPage() {
  useEffect(() => {
    document.title = 'Account settings · Baton';
  }, []);
  return (
    <section className={styles.page} aria-labelledby="account-settings-title">
      <h1 id="account-settings-title" className={styles.title}>
        Account settings
      </h1>
      <p className={styles.text}>Plans, add-ons and billing arrive here in a later release.</p>
      <p>
        <Link to="/">Back to the board</Link>
      </p>
    </section>
  );
}
