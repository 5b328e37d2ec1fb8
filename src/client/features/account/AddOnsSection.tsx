import { useState, type FormEvent } from 'react';
import { AddOnIds, addOns, periodPriceCents, type AddOnId, type AddOnQuantity } from '../../../shared/plans';
import type { BillingPeriod } from '../../../shared/enums';
import { Button } from '../../ui';
import type { Subscription } from './subscriptionTypes';
import { formatCents } from './money';
import { billedEvery } from './PlanSection';
import styles from './AddOnsSection.module.css';
import pageStyles from './AccountSettingsPage.module.css';

export const MAX_ADD_ON_QUANTITY = 1000;

export interface AddOnsSectionProps {
  subscription: Subscription;
  billingPeriod: BillingPeriod;
  canChange: boolean;
  busy: boolean;
  onSave: (addOns: AddOnQuantity[]) => void;
}

const addOnText: Record<AddOnId, string> = {
  'extra-seat': 'One more member (or open invite) in every team of the account.',
  'agent-actions-500': '500 more agent actions each month.',
};

const quantitiesOf = (subscription: Subscription): Record<AddOnId, number> =>
  Object.fromEntries(
    AddOnIds.map((id) => [id, subscription.addOns.find((entry) => entry.addOn === id)?.quantity ?? 0]),
  ) as Record<AddOnId, number>;

/** Add-on quantities; saved together, because the payment provider changes them in one step. */
export function AddOnsSection({ subscription, billingPeriod, canChange, busy, onSave }: AddOnsSectionProps) {
  const saved = quantitiesOf(subscription);
  // Edits are kept against the saved quantities they were made from: a refetch does not wipe them.
  const [edits, setEdits] = useState<Partial<Record<AddOnId, number>>>({});
  const quantities = { ...saved, ...edits };
  const changed = AddOnIds.some((id) => quantities[id] !== saved[id]);

  const setQuantity = (id: AddOnId, value: number) => {
    const quantity = Number.isFinite(value) ? Math.min(MAX_ADD_ON_QUANTITY, Math.max(0, Math.floor(value))) : 0;
    setEdits((current) => ({ ...current, [id]: quantity }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed || busy) return;
    onSave(AddOnIds.map((addOn) => ({ addOn, quantity: quantities[addOn] })));
    setEdits({});
  };

  return (
    <section className={pageStyles.section} aria-labelledby="add-ons-title">
      <div className={pageStyles.sectionHeading}>
        <h2 id="add-ons-title" className={pageStyles.sectionTitle}>
          Add-ons
        </h2>
        <p className={pageStyles.sectionNote}>On top of any plan, billed {billedEvery[billingPeriod]}.</p>
      </div>
      <form className={styles.form} onSubmit={submit} aria-labelledby="add-ons-title">
        <ul className={styles.list}>
          {AddOnIds.map((id) => {
            const addOn = addOns[id];
            const inputId = `add-on-${id}`;
            return (
              <li key={id} className={styles.row}>
                <div className={styles.text}>
                  <label htmlFor={inputId} className={styles.name}>
                    {addOn.name}
                  </label>
                  <span className={styles.description}>{addOnText[id]}</span>
                </div>
                <span className={styles.price}>
                  {formatCents(periodPriceCents(addOn.monthlyPriceCents, billingPeriod))} each /{' '}
                  {billingPeriod === 1 ? 'year' : 'month'}
                </span>
                {canChange ? (
                  <div className={styles.stepper}>
                    <Button
                      aria-label={`One fewer ${addOn.name}`}
                      disabled={busy || quantities[id] === 0}
                      onClick={() => setQuantity(id, quantities[id] - 1)}
                    >
                      −
                    </Button>
                    <input
                      id={inputId}
                      className={styles.quantity}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={MAX_ADD_ON_QUANTITY}
                      step={1}
                      value={quantities[id]}
                      disabled={busy}
                      onChange={(event) => setQuantity(id, event.target.valueAsNumber)}
                    />
                    <Button
                      aria-label={`One more ${addOn.name}`}
                      disabled={busy || quantities[id] >= MAX_ADD_ON_QUANTITY}
                      onClick={() => setQuantity(id, quantities[id] + 1)}
                    >
                      +
                    </Button>
                  </div>
                ) : (
                  <output id={inputId} className={styles.readOnlyQuantity}>
                    {quantities[id]}
                  </output>
                )}
              </li>
            );
          })}
        </ul>
        {canChange && (
          <div className={styles.actions}>
            {changed && (
              <Button onClick={() => setEdits({})} disabled={busy}>
                Reset
              </Button>
            )}
            <Button type="submit" variant="primary" disabled={!changed || busy}>
              Save add-ons
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}
