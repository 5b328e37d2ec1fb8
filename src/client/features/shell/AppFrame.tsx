import { Outlet } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { selectIsBlocking } from '../calls/callsSlice';
import { selectCoreContext } from '../session/coreContextSlice';
import { useDocumentTheme } from '../../ui';
import { BlockingOverlay } from './BlockingOverlay';
import { useSignOutInOtherTabs } from '../session/otherTabs';

/**
 * Around every app route: the user's theme, the blocking overlay with the page behind it made inert, and
 * the sign-out of another tab.
 */
export function AppFrame() {
  const isBlocking = useAppSelector(selectIsBlocking);
  const theme = useAppSelector(selectCoreContext)?.appSettings.theme;
  useDocumentTheme(theme);
  useSignOutInOtherTabs();
  return (
    <>
      <div inert={isBlocking} aria-busy={isBlocking || undefined}>
        <Outlet />
      </div>
      {isBlocking && <BlockingOverlay />}
    </>
  );
}
