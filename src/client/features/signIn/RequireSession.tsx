import { useCallback, useState, type ReactNode } from 'react';
import { useAppSelector } from '../../app/hooks';
import { useGetCoreApplicationContextQuery } from '../../api/userAndTeam';
import { selectLastAuthExtensionTimestamp, selectSessionStatus } from '../session/coreContextSlice';
import { CentredSpinner } from '../../ui';
import { ServerUnreachable } from './ServerUnreachable';
import { SignInScreen } from './SignInScreen';

/**
 * Shows its children to a signed-in user and the sign-in screen to anyone else. Whether an unknown
 * browser has a session is asked once; a browser that never signed in (no persisted auth extension)
 * is known to be signed out without a call.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const status = useAppSelector(selectSessionStatus);
  const lastAuthExtension = useAppSelector(selectLastAuthExtensionTimestamp);
  // Judged at mount: public calls made later (the provider list) must not turn the sign-in screen into a spinner.
  const [mayHaveSession] = useState(() => lastAuthExtension !== null);
  const mustAsk = status === 'unknown' && mayHaveSession;
  const { isError, error, refetch } = useGetCoreApplicationContextQuery(undefined, { skip: !mustAsk });
  const retry = useCallback(() => void refetch(), [refetch]);

  if (status === 'signedIn') return children;
  if (!mustAsk) return <SignInScreen />;
  // A 401 turns the status to signedOut; any other failure leaves it unknown and is shown here.
  if (isError) return <ServerUnreachable error={error} onRetry={retry} />;
  return <CentredSpinner label="Checking your session…" />;
}
