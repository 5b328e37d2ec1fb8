import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { selectActiveTeam } from '../session/coreContextSlice';
import { TopBar } from './TopBar';
import { QuotaErrorRedirect } from '../quota/QuotaErrorRedirect';
import { InviteRedirect } from '../teams/InviteRedirect';
import { LiveUpdates } from '../live/LiveUpdates';
import styles from './AppShell.module.css';

/** The signed-in frame: the top bar over whichever page the route shows. */
export function AppShell() {
  const teamName = useAppSelector(selectActiveTeam)?.teamName;

  useEffect(() => {
    document.title = teamName ? `${teamName} · Baton` : 'Baton';
  }, [teamName]);

  return (
    <div className={styles.shell}>
      <QuotaErrorRedirect />
      <InviteRedirect />
      <LiveUpdates />
      <TopBar />
      <main className={styles.main}>
        <Outlet />
      </main>
    </div>
  );
}
