import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { selectIsTeamAdmin } from '../teams/teamSelectors';
import styles from './SettingsNav.module.css';

/** The settings pages side by side: the account, the team's members, its planning data, AI (Admins), GitHub, MCP, and the team's agent-readiness assessment. */
export function SettingsNav() {
  const isAdmin = useAppSelector(selectIsTeamAdmin);
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the strip scrolls: the current page's tab is brought into it (the page itself does not move).
  useEffect(() => {
    const strip = nav.current;
    const current = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !current || strip.scrollWidth <= strip.clientWidth) return;
    const [tab, box] = [current.getBoundingClientRect(), strip.getBoundingClientRect()];
    strip.scrollLeft += tab.left - box.left - (box.width - tab.width) / 2;
  }, [pathname]);
  return (
    <nav className={styles.nav} aria-label="Settings" ref={nav}>
      <NavLink to="/settings/account" className={styles.link}>
        Account
      </NavLink>
      <NavLink to="/settings/members" className={styles.link}>
        Members
      </NavLink>
      <NavLink to="/settings/planning" className={styles.link}>
        Planning
      </NavLink>
      {isAdmin && (
        <NavLink to="/settings/ai" className={styles.link}>
          AI
        </NavLink>
      )}
      <NavLink to="/settings/github" className={styles.link}>
        GitHub
      </NavLink>
      <NavLink to="/settings/mcp" className={styles.link}>
        MCP
      </NavLink>
      <NavLink to="/assessment" className={styles.link}>
        Assessment
      </NavLink>
    </nav>
  );
}
