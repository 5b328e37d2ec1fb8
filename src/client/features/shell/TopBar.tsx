import { Link, NavLink } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { selectCoreContext } from '../session/coreContextSlice';
import { selectActiveProject } from '../projects/projectsSelectors';
import { BrandMark, buttonClassName } from '../../ui';
import { SettingsIcon } from './SettingsIcon';
import { SignOutButton } from './SignOutButton';
import { ExportStateButton } from '../support/ExportStateButton';
import { TeamMenu } from '../teams/TeamMenu';
import { HelpMenuButton } from '../help/HelpMenuButton';
import { MentionsLink } from '../comments/MentionsLink';
import styles from './TopBar.module.css';

/** Where you are (team / project) on the left; who you are and the way out on the right. */
export function TopBar() {
  const project = useAppSelector(selectActiveProject);
  const emailAddress = useAppSelector(selectCoreContext)?.userContext.emailAddress;

  return (
    <header className={styles.bar}>
      <Link to="/" aria-label="Baton home">
        <BrandMark withName={false} />
      </Link>
      <div className={styles.context}>
        <span className={styles.team}>
          <TeamMenu />
        </span>
        <span className={styles.separator} aria-hidden="true">
          /
        </span>
        {project ? (
          <Link className={styles.project} title={`${project.description}: overview`} to="/project">
            {project.description}
          </Link>
        ) : (
          <span className={styles.project}>No project</span>
        )}
      </div>
      <div className={styles.user}>
        <span className={styles.email} title={emailAddress} data-testid="user-email">
          {emailAddress}
        </span>
        <MentionsLink labelClassName={styles.settingsLabel} />
        <NavLink className={buttonClassName({ variant: 'ghost' })} to="/settings/account">
          <SettingsIcon />
          <span className={styles.settingsLabel}>Settings</span>
        </NavLink>
        <HelpMenuButton labelClassName={styles.settingsLabel} />
        <ExportStateButton label="Export state" labelClassName={styles.settingsLabel} />
        <SignOutButton />
      </div>
    </header>
  );
}
