import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useAnswerOAuthConsentMutation, useGetOAuthClientQuery, type GetOAuthClientApiResponse } from '../../api/mcp';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { Alert, BrandMark, Button, Card, CenteredLayout, Spinner } from '../../ui';
import type { McpScope } from '../../../shared/contract/mcp';
import { scopeDetails, scopeNames } from './scopeNames';
import { leavePage } from '../../app/leavePage';
import styles from './ConsentPage.module.css';

/**
 * `/oauth2/consent/:interactionId`: an MCP client asks to reach this team's items. The member sees
 * who is asking (its own name, unverified, and the host its code goes to) and for what, ticks what
 * to allow, and approves or declines; the authorization server then redirects to the client.
 */
export function ConsentPage() {
  const { interactionId = '' } = useParams();
  const [search] = useSearchParams();
  const clientId = search.get('client_id') ?? '';
  const request = useGetOAuthClientQuery({ id: clientId, interactionId }, { skip: !clientId });
  useEffect(() => {
    document.title = 'Connect an MCP client · Baton';
  }, []);

  return (
    <CenteredLayout>
      <Card className={styles.card} aria-labelledby="consent-title">
        <BrandMark />
        {!clientId ? (
          <Alert>This link is incomplete. Start the connection again from your MCP client.</Alert>
        ) : request.error ? (
          <>
            <h1 id="consent-title" className={styles.title}>
              This request cannot be answered
            </h1>
            <Alert>{errorMessage(request.error)}</Alert>
          </>
        ) : !request.data ? (
          <Spinner label="Loading the request…" />
        ) : (
          <ConsentForm interactionId={interactionId} client={request.data} />
        )}
      </Card>
    </CenteredLayout>
  );
}

function ConsentForm({ interactionId, client }: { interactionId: string; client: GetOAuthClientApiResponse }) {
  const [answer, answering] = useAnswerOAuthConsentMutation();
  const [scopes, setScopes] = useState<McpScope[]>(client.requestedScopes);
  const [problem, setProblem] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  // Baton's content security policy allows its own images only: a client's logo that cannot load is left out.
  const [logoShown, setLogoShown] = useState(true);

  const send = async (approve: boolean) => {
    setProblem(null);
    try {
      const { redirectTo } = await answer({ interactionId, approve, scopes: approve ? scopes : [] }).unwrap();
      setLeaving(true);
      leavePage(redirectTo); // the authorization server redirects on to the MCP client
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <>
      <h1 id="consent-title" className={styles.title}>
        {client.logoUri && logoShown && (
          <img
            className={styles.logo}
            src={client.logoUri}
            alt=""
            width={32}
            height={32}
            onError={() => setLogoShown(false)}
          />
        )}
        <span>
          <strong>{client.name}</strong> wants to use Baton as you
        </span>
      </h1>
      <p className={styles.text}>
        It asks to reach the team <strong>{client.teamName}</strong>. Baton will send the approval to{' '}
        <strong>{client.host || 'an unknown host'}</strong>. The name above is the client&apos;s own: approve only if
        you just started this connection from that app.
      </p>
      {client.approvedBefore && <p className={styles.text}>You have connected this client to this team before.</p>}
      <fieldset className={styles.scopes}>
        <legend className={styles.legend}>Allow it to</legend>
        {client.requestedScopes.length === 0 && <p className={styles.text}>It asks for no access to items.</p>}
        {client.requestedScopes.map((scope) => (
          <label key={scope} className={styles.scope}>
            <input
              type="checkbox"
              checked={scopes.includes(scope)}
              onChange={(event) =>
                setScopes(event.target.checked ? [...scopes, scope] : scopes.filter((given) => given !== scope))
              }
            />
            <span>
              <span className={styles.scopeName}>{scopeNames[scope]}</span>
              <span className={styles.scopeDetail}>{scopeDetails[scope]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {problem && <Alert>{problem}</Alert>}
      <div className={styles.actions}>
        <Button variant="secondary" disabled={answering.isLoading || leaving} onClick={() => void send(false)}>
          Decline
        </Button>
        <Button
          variant="primary"
          disabled={answering.isLoading || leaving || scopes.length === 0}
          onClick={() => void send(true)}
        >
          Approve
        </Button>
      </div>
      <p className={styles.footnote}>You can disconnect it at any time in Settings → MCP.</p>
    </>
  );
}
