import { NavLink } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { selectIsTeamAdmin } from '../teams/teamSelectors';
import styles from './SettingsNav.module.css';

/** The settings pages side by side: the account, the active team's members and, for Admins, AI and GitHub. */
export function SettingsNav() {
  const isAdmin = useAppSelector(selectIsTeamAdmin);
  return (
    <nav className={styles.nav} aria-label="Settings">
      <NavLink to="/settings/account" className={styles.link}>
        Account
      </NavLink>
      <NavLink to="/settings/members" className={styles.link}>
        Members
      </NavLink>
      {isAdmin && (
        <>
          <NavLink to="/settings/ai" className={styles.link}>
            AI
          </NavLink>
          <NavLink to="/settings/github" className={styles.link}>
            GitHub
          </NavLink>
        </>
      )}
    </nav>
  );
}
