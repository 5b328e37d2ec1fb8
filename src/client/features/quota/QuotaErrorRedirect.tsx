import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { accountSettingsPath } from '../../../shared/quota';
import { selectActiveQuotaError } from './quotaErrorSlice';

/** Sends the user to the account settings page (with the quota's feature) when a quota error becomes active. */
export function QuotaErrorRedirect() {
  const activeError = useAppSelector(selectActiveQuotaError);
  const navigate = useNavigate();
  useEffect(() => {
    if (activeError) navigate(accountSettingsPath(activeError.quotaKind));
  }, [activeError, navigate]);
  return null;
}
