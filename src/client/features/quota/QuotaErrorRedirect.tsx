import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { accountSettingsPath } from '../../../shared/quota';
import { quotaErrorDismissed, selectActiveQuotaError, type ActiveQuotaError } from './quotaErrorSlice';

const settingsPath = '/settings/account';

/**
 * Sends the user to the account settings page (with the quota's feature) when a quota error becomes
 * active. The page shows the error until it is dismissed; leaving the page dismisses it too, so the
 * next limit the user hits is routed again (only one error is active at a time, spec §8).
 */
export function QuotaErrorRedirect() {
  const activeError = useAppSelector(selectActiveQuotaError);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const sentFor = useRef<ActiveQuotaError | null>(null);
  const arrived = useRef(false);

  useEffect(() => {
    if (!activeError) {
      sentFor.current = null;
      arrived.current = false;
      return;
    }
    if (sentFor.current !== activeError) {
      sentFor.current = activeError;
      arrived.current = false;
      navigate(accountSettingsPath(activeError.quotaKind));
      return;
    }
    if (pathname === settingsPath) arrived.current = true;
    else if (arrived.current) dispatch(quotaErrorDismissed());
  }, [activeError, pathname, navigate, dispatch]);
  return null;
}
