import { NavLink } from 'react-router-dom';
import styles from './SettingsNav.module.css';

/** The settings pages side by side: the account (plan, usage, billing) and the active team's members. */
export function SettingsNav() {
  return (
    <nav className={styles.nav} aria-label="Settings">
      <NavLink to="/settings/account" className={styles.link}>
        Account
      </NavLink>
      <NavLink to="/settings/members" className={styles.link}>
        Members
      </NavLink>
    </nav>
  );
}
