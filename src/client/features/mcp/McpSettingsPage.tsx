import { useEffect, useState, type FormEvent } from 'react';
import {
  useCreateMcpTokenMutation,
  useListMcpTokensQuery,
  useRevokeMcpTokenMutation,
  type CreateMcpTokenApiResponse,
  type ListMcpTokensApiResponse,
} from '../../api/mcp';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { SettingsNav } from '../account/SettingsNav';
import { Alert, Button, CopyButton } from '../../ui';
import { MCP_TOKEN_LIMITS, McpScopes, type McpScope } from '../../../shared/contract/mcp';
import { ConnectedClients } from './ConnectedClients';
import { lastUse, RevocableRow } from './RevocableRow';
import { scopeNames } from './scopeNames';
import page from '../agent/AiSettingsPage.module.css';
import form from '../github/GithubSettingsPage.module.css';
import styles from './McpSettingsPage.module.css';

type Token = ListMcpTokensApiResponse['tokens'][number];

const lifetimes = [7, 30, 90, 365] as const;
const date = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/**
 * `/settings/mcp`: the MCP clients the member connected by signing in, and their tokens for Baton's
 * MCP server in this team — the terminal hand-offs'
 * item tokens and personal tokens for their own MCP clients — with last use, each revocable; and a
 * form that makes a personal token, shown once.
 */
export function McpSettingsPage() {
  const tokens = useListMcpTokensQuery(undefined, { refetchOnMountOrArgChange: true });
  const [created, setCreated] = useState<CreateMcpTokenApiResponse | null>(null);
  useEffect(() => {
    document.title = 'MCP · Baton';
  }, []);

  return (
    <div className={page.page}>
      <div className={page.header}>
        <h1 className={page.title}>MCP</h1>
        <p className={page.lead}>
          Coding agents and other MCP clients read this team&apos;s items through Baton&apos;s MCP server and report
          their work back. Clients that sign in use <code>{`${location.origin}/mcp`}</code>; tokens below work at{' '}
          <code>{`${location.origin}/mcp/token`}</code>.
        </p>
      </div>
      <SettingsNav />
      <ConnectedClients />
      <NewTokenCard onCreated={setCreated} />
      {created && (
        <section className={page.card} aria-labelledby="mcp-created-heading">
          <h2 id="mcp-created-heading" className={page.cardTitle}>
            Your new token
          </h2>
          <p className={page.muted}>Copy it now: it is shown once, and Baton keeps only its hash.</p>
          <pre className={styles.secret}>
            <code data-testid="mcp-new-token">{created.token}</code>
          </pre>
          <div className={form.actions}>
            <CopyButton text={created.token} label="Copy the token" />
            <Button variant="ghost" onClick={() => setCreated(null)}>
              Done
            </Button>
          </div>
        </section>
      )}
      <section className={page.card} aria-labelledby="mcp-tokens-heading">
        <h2 id="mcp-tokens-heading" className={page.cardTitle}>
          Your tokens
        </h2>
        {tokens.error ? (
          <Alert>{errorMessage(tokens.error)}</Alert>
        ) : !tokens.data ? (
          <p className={page.muted}>Loading…</p>
        ) : tokens.data.tokens.length === 0 ? (
          <p className={page.muted}>No tokens. Hand an item off to the terminal, or make one above.</p>
        ) : (
          <ul className={styles.tokens}>
            {tokens.data.tokens.map((token) => (
              <TokenRow key={token.id} token={token} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function TokenRow({ token }: { token: Token }) {
  const [revoke, revoking] = useRevokeMcpTokenMutation();
  return (
    <RevocableRow
      name={token.name}
      action="Revoke"
      busy={revoking.isLoading}
      revoke={() => revoke(token.id).unwrap()}
      details={
        <>
          {token.kind === 'item'
            ? `Reads the team's items; records progress and the pull request of ${token.itemExternalId ?? 'one item'} only`
            : token.scopes.map((scope) => scopeNames[scope]).join(', ')}
          {' · '}made {date(token.createdAt)} · expires {date(token.expiresAt)} · {lastUse(token.lastUsedAt)}
        </>
      }
    />
  );
}

function NewTokenCard({ onCreated }: { onCreated(token: CreateMcpTokenApiResponse): void }) {
  const [create, creating] = useCreateMcpTokenMutation();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<McpScope[]>(['items:read']);
  const [days, setDays] = useState<number>(30);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      onCreated(await create({ name: name.trim(), scopes, expiresInDays: days }).unwrap());
      setName('');
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <section className={page.card} aria-labelledby="mcp-new-heading">
      <h2 id="mcp-new-heading" className={page.cardTitle}>
        New personal token
      </h2>
      <form className={form.form} onSubmit={submit}>
        <label className={form.field}>
          <span className={form.label}>Name</span>
          <input
            className={form.input}
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={MCP_TOKEN_LIMITS.name}
            placeholder="e.g. Laptop – Claude Code"
            required
          />
        </label>
        <fieldset className={styles.scopes}>
          <legend className={form.label}>May</legend>
          {McpScopes.map((scope) => (
            <label key={scope} className={styles.scope}>
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                // Reading is what every MCP client needs; writing is the choice.
                disabled={scope === 'items:read'}
                onChange={(event) =>
                  setScopes(event.target.checked ? [...scopes, scope] : scopes.filter((given) => given !== scope))
                }
              />
              <span>{scopeNames[scope]}</span>
            </label>
          ))}
        </fieldset>
        <label className={form.field}>
          <span className={form.label}>Expires after</span>
          <select className={form.input} value={days} onChange={(event) => setDays(Number(event.target.value))}>
            {lifetimes.map((lifetime) => (
              <option key={lifetime} value={lifetime}>
                {lifetime} days
              </option>
            ))}
          </select>
        </label>
        {problem && <Alert>{problem}</Alert>}
        <div className={form.actions}>
          <Button type="submit" variant="primary" disabled={!name.trim() || creating.isLoading}>
            Make token
          </Button>
        </div>
      </form>
    </section>
  );
}
