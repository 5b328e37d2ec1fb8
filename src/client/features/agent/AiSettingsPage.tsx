import { useEffect } from 'react';
import { useAppSelector } from '../../app/hooks';
import { useGetAgentProviderQuery } from '../../api/agent';
import { useGetSubscriptionQuery } from '../../api/account';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { selectIsTeamAdmin } from '../teams/teamSelectors';
import { SettingsNav } from '../account/SettingsNav';
import { UsageMeter } from '../account/UsageMeter';
import { Alert } from '../../ui';
import type { AgentProvider } from '../../../shared/contract/agent';
import styles from './AiSettingsPage.module.css';

const providerNames: Record<string, string> = {
  none: 'Built-in drafter (no AI)',
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  'openai-compatible': 'OpenAI-compatible server',
};

/**
 * `/settings/ai`: which AI provider writes the team's drafts (from the server's AI_* settings, never a
 * key) and this month's agent actions against the account's quota. Admins only.
 */
export function AiSettingsPage() {
  const isAdmin = useAppSelector(selectIsTeamAdmin);
  const provider = useGetAgentProviderQuery(undefined, { skip: !isAdmin });
  const subscription = useGetSubscriptionQuery(undefined, { refetchOnMountOrArgChange: true }).data;

  useEffect(() => {
    document.title = 'AI · Baton';
  }, []);

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>AI</h1>
        <p className={styles.lead}>Who drafts stories, plans, patterns and items in the guided flows.</p>
      </div>
      <SettingsNav />
      {!isAdmin ? (
        <Alert tone="info">Only an Admin of this team can see the AI settings.</Alert>
      ) : provider.error ? (
        <Alert>{errorMessage(provider.error)}</Alert>
      ) : provider.data ? (
        <ProviderCard provider={provider.data} />
      ) : (
        <p className={styles.muted}>Loading…</p>
      )}
      {subscription && (
        <section className={styles.card} aria-labelledby="ai-usage-heading">
          <h2 id="ai-usage-heading" className={styles.cardTitle}>
            This month
          </h2>
          <UsageMeter
            label="Agent actions"
            used={subscription.usage.agentActions}
            limit={subscription.entitlements.maxAgentActions}
            hint="Each successful generation by an AI provider is one agent action; a failed or stopped one, and the built-in drafter's drafts, count nothing."
          />
        </section>
      )}
    </div>
  );
}

function ProviderCard({ provider }: { provider: AgentProvider }) {
  return (
    <section className={styles.card} aria-labelledby="ai-provider-heading">
      <h2 id="ai-provider-heading" className={styles.cardTitle}>
        Provider
      </h2>
      <dl className={styles.facts}>
        <dt>In use</dt>
        <dd data-testid="ai-provider">{providerNames[provider.provider] ?? provider.provider}</dd>
        {provider.model && (
          <>
            <dt>Model</dt>
            <dd>{provider.model}</dd>
          </>
        )}
        {provider.baseUrl && (
          <>
            <dt>Server</dt>
            <dd>{provider.baseUrl}</dd>
          </>
        )}
        {provider.timeoutSeconds !== null && (
          <>
            <dt>Time limit</dt>
            <dd>{provider.timeoutSeconds} s per generation</dd>
          </>
        )}
      </dl>
      {provider.draftedBy === 'drafter' ? (
        <p className={styles.muted}>
          Without a provider, Baton&apos;s built-in drafter (no AI) works from your own words: questions from a fixed
          list, items read from your sentences, lines and bullets, stories and plans assembled from what you wrote. Its
          drafts say so, and they spend no agent actions. To connect a model, the operator sets <code>AI_PROVIDER</code>
          , <code>AI_MODEL</code> and <code>AI_API_KEY</code> (or <code>AI_BASE_URL</code> for Ollama, LM Studio or
          vLLM) and restarts Baton.
        </p>
      ) : (
        <p className={styles.muted}>
          Generations go to this provider with the team&apos;s own text only. The operator changes it with the{' '}
          <code>AI_*</code> settings.
        </p>
      )}
    </section>
  );
}
