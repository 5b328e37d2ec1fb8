import { useId } from 'react';
import { PlanIds, plans, periodPriceCents, type Entitlements, type PlanId } from '../../../shared/plans';
import { BillingPeriod } from '../../../shared/enums';
import { Button } from '../../ui';
import type { Subscription } from './subscriptionTypes';
import { formatCents, formatCount } from './money';
import styles from './PlanSection.module.css';
import pageStyles from './AccountSettingsPage.module.css';

export interface PlanSectionProps {
  subscription: Subscription;
  /** The billing period the prices are shown for (the switch). */
  billingPeriod: BillingPeriod;
  onBillingPeriodChange: (billingPeriod: BillingPeriod) => void;
  /** Only the account owner may change billing; others see the plans without actions. */
  canChange: boolean;
  busy: boolean;
  onChoose: (plan: PlanId, billingPeriod: BillingPeriod) => void;
  onCancel: () => void;
}

const entitlementLines: { key: keyof Entitlements; text: (value: string) => string }[] = [
  { key: 'maxTeamMembers', text: (n) => `${n} members per team` },
  { key: 'maxProjects', text: (n) => `${n} projects per team` },
  { key: 'maxProjectItems', text: (n) => `${n} items per project` },
  { key: 'maxAgentActions', text: (n) => `${n} agent actions a month` },
  { key: 'maxOwnedTeams', text: (n) => `${n} ${n === '1' ? 'team' : 'teams'} owned` },
  { key: 'maxTotalTeams', text: (n) => `Member of up to ${n} teams` },
];

export const periodNames: Record<BillingPeriod, string> = {
  [BillingPeriod.Monthly]: 'monthly',
  [BillingPeriod.Annual]: 'annual',
};
/** "billed monthly", "billed annually". */
export const billedEvery: Record<BillingPeriod, string> = {
  [BillingPeriod.Monthly]: 'monthly',
  [BillingPeriod.Annual]: 'annually',
};

/** The price of a plan for a period: per month, and what a year costs when billed yearly. */
export function priceLines(monthlyPriceCents: number, billingPeriod: BillingPeriod) {
  if (monthlyPriceCents === 0) return { main: '$0', per: '/ month', note: 'Free forever' };
  if (billingPeriod === BillingPeriod.Annual) {
    const yearly = periodPriceCents(monthlyPriceCents, BillingPeriod.Annual);
    return { main: formatCents(Math.round(yearly / 12)), per: '/ month', note: `${formatCents(yearly)} billed yearly` };
  }
  return { main: formatCents(monthlyPriceCents), per: '/ month', note: 'Billed monthly' };
}

/** Plan cards with prices and entitlements, and the billing period switch (annual is 20% cheaper). */
export function PlanSection(props: PlanSectionProps) {
  const { subscription, billingPeriod, onBillingPeriodChange, canChange } = props;
  const hasPaidSubscription = subscription.plan !== 'free' || subscription.addOns.some((a) => a.quantity > 0);
  return (
    <section className={pageStyles.section} aria-labelledby="plan-title">
      <div className={styles.heading}>
        <div className={pageStyles.sectionHeading}>
          <h2 id="plan-title" className={pageStyles.sectionTitle}>
            Plan
          </h2>
          <p className={pageStyles.sectionNote}>
            You are on <strong>{plans[subscription.plan].name}</strong>
            {subscription.plan !== 'free' && `, billed ${billedEvery[subscription.billingPeriod as BillingPeriod]}`}.
            {subscription.status !== 'active' && ` Payment status: ${subscription.status}.`}
          </p>
        </div>
        <BillingPeriodSwitch value={billingPeriod} onChange={onBillingPeriodChange} />
      </div>
      <ul className={styles.cards} aria-label="Plans">
        {PlanIds.map((planId) => (
          <PlanCard key={planId} planId={planId} {...props} />
        ))}
      </ul>
      {canChange && hasPaidSubscription && (
        <div className={styles.cancelRow}>
          <p className={pageStyles.sectionNote}>
            Cancelling returns the account to Free at once. Work over the Free limits stays readable; creating more is
            refused.
          </p>
          <Button onClick={props.onCancel} disabled={props.busy}>
            Cancel subscription
          </Button>
        </div>
      )}
    </section>
  );
}

function BillingPeriodSwitch({ value, onChange }: { value: BillingPeriod; onChange: (value: BillingPeriod) => void }) {
  const name = useId();
  return (
    <fieldset className={styles.periodSwitch}>
      <legend className={styles.periodLegend}>Billing period</legend>
      {[BillingPeriod.Monthly, BillingPeriod.Annual].map((period) => (
        <label key={period} className={styles.periodOption}>
          <input
            type="radio"
            name={name}
            value={period}
            checked={value === period}
            onChange={() => onChange(period)}
            className={styles.periodInput}
          />
          <span>{period === BillingPeriod.Monthly ? 'Monthly' : 'Annual'}</span>
          {period === BillingPeriod.Annual && <span className={styles.saving}>−20%</span>}
        </label>
      ))}
    </fieldset>
  );
}

function PlanCard({
  planId,
  subscription,
  billingPeriod,
  canChange,
  busy,
  onChoose,
  onCancel,
}: PlanSectionProps & { planId: PlanId }) {
  const plan = plans[planId];
  const price = priceLines(plan.monthlyPriceCents, billingPeriod);
  const isCurrentPlan = subscription.plan === planId;
  const isCurrent = isCurrentPlan && (planId === 'free' || subscription.billingPeriod === billingPeriod);
  const titleId = `plan-${planId}-title`;
  return (
    <li className={styles.card} data-current={isCurrent || undefined} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <h3 id={titleId} className={styles.planName}>
          {plan.name}
        </h3>
        {isCurrentPlan && <span className={styles.badge}>Current</span>}
      </div>
      <p className={styles.price}>
        <span className={styles.amount}>{price.main}</span> <span className={styles.per}>{price.per}</span>
      </p>
      <p className={styles.priceNote}>{price.note}</p>
      <ul className={styles.entitlements}>
        {entitlementLines.map(({ key, text }) => (
          <li key={key}>{text(formatCount(plan.entitlements[key]))}</li>
        ))}
      </ul>
      {canChange && (
        <div className={styles.cardAction}>
          <PlanAction
            planId={planId}
            subscription={subscription}
            billingPeriod={billingPeriod}
            isCurrent={isCurrent}
            busy={busy}
            onChoose={onChoose}
            onCancel={onCancel}
          />
        </div>
      )}
    </li>
  );
}

function PlanAction({
  planId,
  subscription,
  billingPeriod,
  isCurrent,
  busy,
  onChoose,
  onCancel,
}: Pick<PlanSectionProps, 'subscription' | 'billingPeriod' | 'busy' | 'onChoose' | 'onCancel'> & {
  planId: PlanId;
  isCurrent: boolean;
}) {
  const name = plans[planId].name;
  if (isCurrent)
    return (
      <Button fullWidth disabled>
        Current plan
      </Button>
    );
  if (planId === 'free')
    return (
      <Button fullWidth disabled={busy} onClick={onCancel}>
        Move to Free
      </Button>
    );
  if (subscription.plan === planId)
    return (
      <Button fullWidth disabled={busy} onClick={() => onChoose(planId, billingPeriod)}>
        Switch to {periodNames[billingPeriod]} billing
      </Button>
    );
  const upgrade = plans[planId].monthlyPriceCents > plans[subscription.plan].monthlyPriceCents;
  return (
    <Button
      fullWidth
      variant={upgrade ? 'primary' : 'secondary'}
      disabled={busy}
      onClick={() => onChoose(planId, billingPeriod)}
    >
      {upgrade ? `Upgrade to ${name}` : `Move to ${name}`}
    </Button>
  );
}
