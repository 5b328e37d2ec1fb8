import { useSignOutMutation } from '../../api/auth';
import { Button } from '../../ui';

/** Sign-out clears the context whether or not the server answers (the session slice does that). */
export function SignOutButton() {
  const [signOut, { isLoading }] = useSignOutMutation();
  return (
    <Button variant="secondary" disabled={isLoading} onClick={() => void signOut()}>
      Sign out
    </Button>
  );
}
