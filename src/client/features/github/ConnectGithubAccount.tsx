import { useState } from 'react';
import { useStartGithubUserAuthorizationMutation } from '../../api/github';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { Alert, Button } from '../../ui';
import { leavePage } from '../../app/leavePage';

/**
 * "Connect your GitHub account": sends the member to GitHub to authorize Baton's app as themselves
 * (Copilot and Cursor are started as that user); GitHub sends them back to Settings → GitHub.
 */
export function ConnectGithubAccount(props: { label?: string; variant?: 'primary' | 'secondary' }) {
  const [start, starting] = useStartGithubUserAuthorizationMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const connect = async () => {
    setProblem(null);
    try {
      // A whole-page navigation: GitHub's authorize page, then back to Settings → GitHub.
      leavePage((await start().unwrap()).authorizeUrl);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <div>
      <Button variant={props.variant ?? 'secondary'} onClick={() => void connect()} disabled={starting.isLoading}>
        {props.label ?? 'Connect your GitHub account'}
      </Button>
      {problem && <Alert>{problem}</Alert>}
    </div>
  );
}
