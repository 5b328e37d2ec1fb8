import {
  useListMcpConnectionsQuery,
  useRevokeMcpConnectionMutation,
  type ListMcpConnectionsApiResponse,
} from '../../api/mcp';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { Alert } from '../../ui';
import { lastUse, RevocableRow } from './RevocableRow';
import { scopeNames } from './scopeNames';
import page from '../agent/AiSettingsPage.module.css';
import styles from './McpSettingsPage.module.css';

type Connection = ListMcpConnectionsApiResponse['connections'][number];

/** Settings → MCP: the MCP clients the member connected to this team by signing in (OAuth), each revocable. */
export function ConnectedClients() {
  const connections = useListMcpConnectionsQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <section className={page.card} aria-labelledby="mcp-connections-heading">
      <h2 id="mcp-connections-heading" className={page.cardTitle}>
        Connected clients
      </h2>
      {connections.error ? (
        <Alert>{errorMessage(connections.error)}</Alert>
      ) : !connections.data ? (
        <p className={page.muted}>Loading…</p>
      ) : connections.data.connections.length === 0 ? (
        <p className={page.muted}>
          None yet. Add <code>{`${location.origin}/mcp`}</code> to your MCP client and sign in when it asks.
        </p>
      ) : (
        <ul className={styles.tokens}>
          {connections.data.connections.map((connection) => (
            <ConnectionRow key={connection.id} connection={connection} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ConnectionRow({ connection }: { connection: Connection }) {
  const [revoke, revoking] = useRevokeMcpConnectionMutation();
  return (
    <RevocableRow
      name={connection.clientName}
      action="Disconnect"
      busy={revoking.isLoading}
      revoke={() => revoke(connection.id).unwrap()}
      details={
        <>
          {connection.host && `${connection.host} · `}
          {connection.scopes.map((scope) => scopeNames[scope]).join(', ')} · connected{' '}
          {new Date(connection.connectedAt).toLocaleDateString(undefined, { dateStyle: 'medium' })} ·{' '}
          {lastUse(connection.lastUsedAt)}
        </>
      }
    />
  );
}
