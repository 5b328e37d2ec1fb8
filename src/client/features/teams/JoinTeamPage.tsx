import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { useValidateInviteMutation } from '../../api/auth';
import { useAcceptInviteMutation } from '../../api/userAndTeam';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { selectCoreContext } from '../session/coreContextSlice';
import { selectInviteIsUsed } from '../members/invitesSlice';
import { inviteCodeFrom } from '../signIn/inviteCode';
import { SignOutButton } from '../shell/SignOutButton';
import { Alert, Button, Card, Spinner, buttonClassName } from '../../ui';
import styles from './JoinTeamPage.module.css';

/**
 * `/join?invite=…` for a signed-in user (a signed-out one meets the sign-in screen here, which
 * joins on sign-in): the invite is checked against the user's address, then joined on request.
 */
export function JoinTeamPage() {
  const [searchParams] = useSearchParams();
  const inviteCode = inviteCodeFrom(searchParams);
  const emailAddress = useAppSelector(selectCoreContext)?.userContext.emailAddress;
  const navigate = useNavigate();
  const [validateInvite, validation] = useValidateInviteMutation();
  const [acceptInvite, acceptance] = useAcceptInviteMutation();
  // Signing in through the link has joined already: the spent link just leads to the board.
  const spent = useAppSelector((state) => (inviteCode ? selectInviteIsUsed(state, inviteCode) : false));

  useEffect(() => {
    document.title = 'Join a team · Baton';
  }, []);

  useEffect(() => {
    if (inviteCode && emailAddress && !spent) void validateInvite({ inviteCode, emailAddress });
  }, [inviteCode, emailAddress, spent, validateInvite]);

  if (!inviteCode || spent) return <Navigate to="/" replace />;

  async function join() {
    if (!inviteCode) return;
    try {
      await acceptInvite({ inviteCode }).unwrap();
      navigate('/', { replace: true });
    } catch {
      // Said below, from the mutation's state.
    }
  }

  const teamName = validation.data?.teamName;
  return (
    <div className={styles.page}>
      <Card className={styles.card} aria-labelledby="join-title">
        <h1 id="join-title" className={styles.title}>
          {teamName ? `Join ${teamName}` : 'Join a team'}
        </h1>
        {(validation.isLoading || validation.isUninitialized) && <Spinner label="Checking the invite…" />}
        {validation.isError && (
          <>
            <Alert>{errorMessage(validation.error)}</Alert>
            <p className={styles.text}>
              You are signed in as <strong>{emailAddress}</strong>. If the invite was sent to another address, sign out
              and sign in with that one.
            </p>
            <div className={styles.actions}>
              <Link className={buttonClassName({ variant: 'secondary' })} to="/" replace>
                Back to my board
              </Link>
              <SignOutButton />
            </div>
          </>
        )}
        {validation.isSuccess && (
          <>
            <p className={styles.text}>
              You were invited to <strong>{teamName}</strong> as <strong>{emailAddress}</strong>. Joining makes it your
              active team; your other teams stay in the team menu.
            </p>
            {acceptance.isError && <Alert>{errorMessage(acceptance.error)}</Alert>}
            <div className={styles.actions}>
              <Link className={buttonClassName({ variant: 'secondary' })} to="/" replace>
                Not now
              </Link>
              <Button variant="primary" disabled={acceptance.isLoading} onClick={() => void join()}>
                {acceptance.isLoading ? 'Joining…' : `Join ${teamName}`}
              </Button>
            </div>
          </>
        )}
      </Card>
    </div>
  );
}
