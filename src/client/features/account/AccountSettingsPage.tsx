import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { leavePage } from '../../app/leavePage';
import { useCompleteCheckoutMutation, useGetSubscriptionQuery } from '../../api/account';
import { errorMessage } from '../../api/envelopeBaseQuery';
import { selectActiveTeam } from '../teams/teamSlice';
import { selectIsAccountOwner } from '../teams/teamSelectors';
import { ModalDialog, DialogActions } from '../teams/ModalDialog';
import { Alert, Button, Spinner } from '../../ui';
import type { BillingPeriod } from '../../../shared/enums';
import { useHighlightedFeature } from './featureHighlight';
import { useBillingActions } from './useBillingActions';
import { QuotaErrorBanner } from './QuotaErrorBanner';
import { SettingsNav } from './SettingsNav';
import { UsageSection } from './UsageSection';
import { PlanSection } from './PlanSection';
import { AddOnsSection } from './AddOnsSection';
import { AccountDetailsSection } from './AccountDetailsSection';
import styles from './AccountSettingsPage.module.css';

export interface AccountSettingsPageProps {
  /** Sends the browser to the payment page; injected by tests. */
  redirect?: (url: string) => void;
}

/**
 * `/settings/account` (spec §2): usage of each quota, plans with prices, add-ons and the account's
 * details. Everyone in the team sees them; only the account owner gets billing controls. Quota
 * errors land here with `?feature=…`, which is scrolled to and highlighted.
 */
export function AccountSettingsPage({ redirect = leavePage }: AccountSettingsPageProps) {
  const team = useAppSelector(selectActiveTeam);
  const isOwner = useAppSelector(selectIsAccountOwner);
  // Never cached (spec §9): read afresh on every visit.
  const subscriptionQuery = useGetSubscriptionQuery(undefined, { refetchOnMountOrArgChange: true });
  const subscription = subscriptionQuery.data;
  const highlighted = useHighlightedFeature(subscription !== undefined);
  const billing = useBillingActions(subscription, redirect);
  const [chosenPeriod, setChosenPeriod] = useState<BillingPeriod | null>(null);
  const billingPeriod = chosenPeriod ?? ((subscription?.billingPeriod ?? 0) as BillingPeriod);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  useCheckoutReturn(isOwner, billing.showNotice);

  useEffect(() => {
    document.title = 'Account settings · Baton';
  }, []);

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>Account settings</h1>
        <p className={styles.lead}>
          {subscription ? subscription.accountName : 'The account that pays for this team'}
          {team && ` · ${team.teamName}`}
        </p>
      </div>
      <SettingsNav />
      <QuotaErrorBanner />
      {billing.notice && <Alert tone={billing.notice.tone}>{billing.notice.text}</Alert>}

      {subscriptionQuery.isLoading && <Spinner label="Loading the account…" />}
      {subscriptionQuery.isError && !subscription && (
        <div className={styles.loadError}>
          <Alert>The account could not be loaded: {errorMessage(subscriptionQuery.error)}</Alert>
          <div>
            <Button onClick={() => void subscriptionQuery.refetch()}>Try again</Button>
          </div>
        </div>
      )}

      {subscription && (
        <>
          {!isOwner && (
            <Alert tone="info">
              Billing for this account is managed by its owner, {subscription.accountId}. You can see its plan and usage
              here.
            </Alert>
          )}
          <UsageSection
            subscription={subscription}
            teamName={team?.teamName ?? 'this team'}
            highlighted={highlighted}
          />
          <PlanSection
            subscription={subscription}
            billingPeriod={billingPeriod}
            onBillingPeriodChange={setChosenPeriod}
            canChange={isOwner}
            busy={billing.busy}
            onChoose={(plan, period) => void billing.choosePlan(plan, period)}
            onCancel={() => setConfirmingCancel(true)}
          />
          <AddOnsSection
            subscription={subscription}
            billingPeriod={billingPeriod}
            canChange={isOwner}
            busy={billing.busy}
            onSave={(addOns) => void billing.saveAddOns(addOns)}
          />
          <AccountDetailsSection
            subscription={subscription}
            canChange={isOwner}
            busy={billing.busy}
            onSave={(details) => void billing.saveAccount(details)}
          />
        </>
      )}

      <ModalDialog
        open={confirmingCancel}
        onOpenChange={setConfirmingCancel}
        title="Cancel the subscription?"
        description="The account goes back to Free at once, without add-ons. Work over the Free limits stays readable, but creating more is refused."
      >
        <DialogActions>
          <Button onClick={() => setConfirmingCancel(false)}>Keep subscription</Button>
          <Button
            variant="primary"
            disabled={billing.busy}
            onClick={() => {
              setConfirmingCancel(false);
              void billing.cancel();
            }}
          >
            Cancel subscription
          </Button>
        </DialogActions>
      </ModalDialog>
    </div>
  );
}

/**
 * The payment page sends the browser back with `?checkoutId=…`: the checkout is confirmed once, its
 * outcome said, and the parameter removed so a reload does not confirm it again.
 */
function useCheckoutReturn(isOwner: boolean, say: (notice: { tone: 'info' | 'error'; text: string }) => void) {
  const [searchParams, setSearchParams] = useSearchParams();
  const checkoutId = searchParams.get('checkoutId');
  const [completeCheckout] = useCompleteCheckoutMutation();
  const confirmed = useRef<string | null>(null);

  useEffect(() => {
    if (!checkoutId || !isOwner || confirmed.current === checkoutId) return;
    confirmed.current = checkoutId;
    setSearchParams(
      (current) => {
        current.delete('checkoutId');
        return current;
      },
      { replace: true },
    );
    completeCheckout({ checkoutId })
      .unwrap()
      .then((result) =>
        say(
          result.status === 'completed'
            ? { tone: 'info', text: 'Payment received: your new plan is active.' }
            : result.status === 'expired'
              ? { tone: 'error', text: 'The checkout expired before it was paid. Nothing was charged.' }
              : { tone: 'info', text: 'The payment is not finished yet. Your plan changes once it is.' },
        ),
      )
      .catch((error: unknown) => say({ tone: 'error', text: errorMessage(error) }));
  }, [checkoutId, isOwner, completeCheckout, setSearchParams, say]);
}
