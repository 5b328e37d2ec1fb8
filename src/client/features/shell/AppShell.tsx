import { Outlet } from 'react-router-dom';
import { TopBar } from './TopBar';
import { QuotaErrorRedirect } from '../quota/QuotaErrorRedirect';
import { InviteRedirect } from '../teams/InviteRedirect';
import { LiveUpdates } from '../live/LiveUpdates';
import { PaletteHost } from '../palette/PaletteHost';
import { UndoToast } from '../undo/UndoToast';
import styles from './AppShell.module.css';

/** The signed-in frame: the top bar over whichever page the route shows. */
export function AppShell() {
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main-content">
        Skip to content
      </a>
      <QuotaErrorRedirect />
      <InviteRedirect />
      <LiveUpdates />
      <PaletteHost />
      <UndoToast />
      <TopBar />
      <main id="main-content" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
