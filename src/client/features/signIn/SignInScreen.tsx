import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { leavePage } from '../../app/leavePage';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { useListIdentityProvidersQuery, useTestAuthenticateMutation, useValidateInviteMutation } from '../../api/auth';
import {
  identityProviderChosen,
  lastIdentityProviderForgotten,
  selectLastIdentityProvider,
} from '../session/coreContextSlice';
import { Alert, BrandMark, Button, Card, CenteredLayout, Spinner } from '../../ui';
import { inviteCodeFrom } from './inviteCode';
import { startOidcSignIn } from './oidc/startOidcSignIn';
import { orderProviders } from './providerOrder';
import type { ProviderInfo } from './providerInfo';
import { ProviderButton } from './ProviderButton';
import { TestSignInForm } from './TestSignInForm';
import styles from './SignInScreen.module.css';

export interface SignInScreenProps {
  /** Sends the browser to the provider; injected by tests. */
  redirect?: (url: string) => void;
}

export function SignInScreen({ redirect = leavePage }: SignInScreenProps) {
  const dispatch = useAppDispatch();
  const lastUsed = useAppSelector(selectLastIdentityProvider);
  const [searchParams] = useSearchParams();
  const inviteCode = inviteCodeFrom(searchParams);
  const providers = useListIdentityProvidersQuery();
  const [testAuthenticate, testAuthentication] = useTestAuthenticateMutation();
  const [validateInvite, inviteValidation] = useValidateInviteMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const busy = leaving || testAuthentication.isLoading || inviteValidation.isLoading;

  useEffect(() => {
    document.title = 'Sign in · Baton';
  }, []);

  async function signInWithTest(emailAddress: string) {
    setProblem(null);
    try {
      // An invite is checked against the address first, so a wrong address is told why.
      if (inviteCode) await validateInvite({ inviteCode, emailAddress }).unwrap();
      // Joined on sign-in: the page at this address (the join page, or the redirect to it) sees the spent
      // invite and goes to the board. Changing the address here too would race that navigation.
      await testAuthenticate({ emailAddress, inviteCode }).unwrap();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  async function signInWithProvider(info: ProviderInfo) {
    setProblem(null);
    setLeaving(true);
    dispatch(identityProviderChosen(info.identityProvider));
    try {
      redirect(await startOidcSignIn(info, { origin: window.location.origin, inviteCode }));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setLeaving(false);
    }
  }

  const ordered = orderProviders(providers.data?.identityProviders ?? [], lastUsed);

  return (
    <CenteredLayout>
      <BrandMark />
      <Card aria-labelledby="sign-in-title">
        <div className={styles.heading}>
          <h1 id="sign-in-title" className={styles.title}>
            Sign in to Baton
          </h1>
          <p className={styles.subtitle}>Use the account your team signs in with.</p>
        </div>

        {inviteCode && (
          <Alert tone="info">
            You have an invite. Sign in with the e-mail address it was sent to and you will join the team.
          </Alert>
        )}
        {problem && <Alert>{problem}</Alert>}

        {providers.isLoading && <Spinner label="Loading sign-in options…" />}
        {providers.isError && (
          <>
            <Alert>Sign-in options could not be loaded: {errorMessage(providers.error)}</Alert>
            <div>
              <Button onClick={() => void providers.refetch()}>Try again</Button>
            </div>
          </>
        )}

        {ordered.length > 0 && (
          <ul className={styles.providers} aria-label="Sign-in options">
            {ordered.map((info, index) => {
              const isLastUsed = info.identityProvider === lastUsed;
              // The e-mail form is set apart from the provider buttons above it.
              const rowClass = isLastUsed
                ? styles.lastUsed
                : info.identityProvider === 'Test' && index > 0
                  ? styles.testRow
                  : undefined;
              const choice =
                info.identityProvider === 'Test' ? (
                  info.enabled ? (
                    <TestSignInForm busy={busy} onSubmit={(email) => void signInWithTest(email)} />
                  ) : (
                    <ProviderButton info={info} busy={busy} onChoose={() => {}} />
                  )
                ) : (
                  <ProviderButton info={info} busy={busy} onChoose={(chosen) => void signInWithProvider(chosen)} />
                );
              return (
                <li key={info.identityProvider} className={rowClass}>
                  {isLastUsed && (
                    <div className={styles.lastUsedLabel}>
                      <span>Last used</span>
                      <Button variant="link" onClick={() => dispatch(lastIdentityProviderForgotten())}>
                        Forget
                      </Button>
                    </div>
                  )}
                  {choice}
                </li>
              );
            })}
          </ul>
        )}
      </Card>
    </CenteredLayout>
  );
}
