import type { ReactNode } from 'react';
import type { SettingsFeature } from '../../../shared/quota';
import type { Subscription } from './subscriptionTypes';
import { featureElementId } from './featureHighlight';
import { formatCount } from './money';
import { UsageMeter } from './UsageMeter';
import styles from './AccountSettingsPage.module.css';

export interface UsageSectionProps {
  subscription: Subscription;
  teamName: string;
  highlighted: SettingsFeature | null;
}

/** One card per settings feature (spec §2), so a quota error can point at exactly one. */
export function UsageSection({ subscription, teamName, highlighted }: UsageSectionProps) {
  const { usage, entitlements } = subscription;
  return (
    <section className={styles.section} aria-labelledby="usage-title">
      <div className={styles.sectionHeading}>
        <h2 id="usage-title" className={styles.sectionTitle}>
          Usage
        </h2>
        <p className={styles.sectionNote}>What this account’s plan allows, and how much of it is in use.</p>
      </div>
      <div className={styles.featureGrid}>
        <FeatureCard feature="teams" title="Teams" highlighted={highlighted}>
          <UsageMeter label="Teams this account owns" used={usage.ownedTeams} limit={entitlements.maxOwnedTeams} />
          <UsageMeter label="Teams you belong to" used={usage.totalTeams} limit={entitlements.maxTotalTeams} />
        </FeatureCard>
        <FeatureCard feature="users" title="Members" highlighted={highlighted}>
          <UsageMeter
            label={`Seats in ${teamName}`}
            used={usage.teamMembers}
            limit={entitlements.maxTeamMembers}
            hint="Members and open invites each take a seat."
          />
        </FeatureCard>
        <FeatureCard feature="projects" title="Projects" highlighted={highlighted}>
          <UsageMeter label={`Projects in ${teamName}`} used={usage.projects} limit={entitlements.maxProjects} />
        </FeatureCard>
        <FeatureCard feature="project-items" title="Project items" highlighted={highlighted}>
          <p className={styles.allowance}>
            Up to <strong>{formatCount(entitlements.maxProjectItems)}</strong> items in each project.
          </p>
        </FeatureCard>
        <FeatureCard feature="agent" title="Agent actions" highlighted={highlighted}>
          <UsageMeter
            label="Agent actions this month"
            used={usage.agentActions}
            limit={entitlements.maxAgentActions}
            hint="Counted per calendar month (UTC) across the account."
          />
        </FeatureCard>
      </div>
    </section>
  );
}

function FeatureCard({
  feature,
  title,
  highlighted,
  children,
}: {
  feature: SettingsFeature;
  title: string;
  highlighted: SettingsFeature | null;
  children: ReactNode;
}) {
  const isHighlighted = feature === highlighted;
  const titleId = `${featureElementId(feature)}-title`;
  return (
    <section
      id={featureElementId(feature)}
      className={styles.featureCard}
      aria-labelledby={titleId}
      data-highlighted={isHighlighted || undefined}
      // Focusable from script only: the page moves focus here when it was opened for this feature.
      tabIndex={isHighlighted ? -1 : undefined}
    >
      <h3 id={titleId} className={styles.featureTitle}>
        {title}
      </h3>
      {children}
    </section>
  );
}
