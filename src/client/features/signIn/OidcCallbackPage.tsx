import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { OidcProvider } from '../../../shared/enums';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { useExchangeTokenMutation } from '../../api/auth';
import { Alert, BrandMark, CenteredLayout, CentredSpinner, buttonClassName } from '../../ui';
import { clearPendingSignIn, loadPendingSignIn } from './oidc/pendingSignIn';
import { verifyCallback, type CallbackCheck } from './oidc/verifyCallback';
import { hasPendingAnswers } from '../assessment/pendingAnswersKey';

/** Where a provider sends the browser back: checks the state, exchanges the code, opens the app. */
export function OidcCallbackPage({ provider }: { provider: OidcProvider }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [exchangeToken] = useExchangeTokenMutation();
  // Checked once: the pending sign-in is cleared below, and a code can be exchanged only once.
  const [check] = useState<CallbackCheck>(() => verifyCallback(provider, searchParams, loadPendingSignIn()));
  const [failure, setFailure] = useState<string | null>(check.ok ? null : check.message);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    clearPendingSignIn();
    if (!check.ok) return;
    const { code, pending } = check;
    exchangeToken({
      identityProvider: provider,
      code,
      codeVerifier: pending.codeVerifier,
      redirectUri: pending.redirectUri,
      inviteCode: pending.inviteCode,
    })
      .unwrap()
      // Answers brought from the public assessment go on to be saved.
      .then(() => navigate(hasPendingAnswers() ? '/assessment' : '/', { replace: true }))
      .catch((error: unknown) => setFailure(errorMessage(error)));
  }, [check, exchangeToken, navigate, provider]);

  if (!failure) return <CentredSpinner label={`Signing you in with ${provider}…`} />;
  return (
    <CenteredLayout>
      <BrandMark />
      <Alert>
        <strong>Sign-in failed.</strong> {failure}
      </Alert>
      <div>
        <Link className={buttonClassName({ variant: 'primary' })} to="/" replace>
          Back to sign-in
        </Link>
      </div>
    </CenteredLayout>
  );
}
