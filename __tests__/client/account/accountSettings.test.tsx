import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AccountSettingsPage } from '../../../src/client/features/account/AccountSettingsPage';
import { server } from '../helpers/server';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { accountBackend } from '../helpers/handlers/account';
import { coreContextFixture } from '../helpers/fixtures';
import { renderWithProviders } from '../helpers/render';
import { renderApp, sessionState } from '../sites/renderApp';
import { quotaErrorRaised } from '../../../src/client/features/quota/quotaErrorSlice';
import { quotaMessages } from '../../../src/shared/quota';

const accountUrl = (path: string) => `${location.origin}/v1/accounts${path}`;

/** Signed in on both sides; `owner: false` makes the active team's account someone else's. */
function signIn({ owner = true } = {}) {
  const context = coreContextFixture('ada@example.com');
  if (!owner) context.userContext.activeAccountId = 'grace@example.com';
  mockBackend.signIn(context);
  return sessionState({ context, status: 'signedIn', lastAuthExtensionTimestamp: Date.now() });
}

const planCard = (name: string) => screen.getByRole('heading', { name, level: 3 }).closest('li') as HTMLElement;

/** Records the bodies of calls to one account path, then lets the normal handler answer. */
function recordCalls(method: 'put' | 'post' | 'delete', path: string) {
  const bodies: unknown[] = [];
  server.use(
    http[method](accountUrl(path), async ({ request }) => {
      bodies.push(method === 'delete' ? null : await request.clone().json());
    }),
  );
  return bodies;
}

test('shows every plan with its price and entitlements, monthly or annual (20% less)', async () => {
  const user = userEvent.setup();
  renderApp('/settings/account', signIn());
  expect(await screen.findByRole('heading', { name: 'Plan' })).toBeInTheDocument();

  const team = planCard('Team');
  expect(within(team).getByText('$24')).toBeInTheDocument();
  expect(within(team).getByText('Billed monthly')).toBeInTheDocument();
  expect(within(team).getByText('10 members per team')).toBeInTheDocument();
  expect(within(team).getByText('25 projects per team')).toBeInTheDocument();
  expect(within(team).getByText('2,000 items per project')).toBeInTheDocument();
  expect(within(team).getByText('1,000 agent actions a month')).toBeInTheDocument();
  expect(within(planCard('Business')).getByText('$99')).toBeInTheDocument();
  expect(within(planCard('Free')).getByText('Current')).toBeInTheDocument();
  expect(within(planCard('Free')).getByRole('button', { name: 'Current plan' })).toBeDisabled();

  await user.click(screen.getByRole('radio', { name: /Annual/ }));
  // $24 × 12 × 0.8 = $230.40 a year, $19.20 a month.
  expect(within(planCard('Team')).getByText('$19.20')).toBeInTheDocument();
  expect(within(planCard('Team')).getByText('$230.40 billed yearly')).toBeInTheDocument();
  expect(screen.getByText('$57.60 each / year')).toBeInTheDocument();
});

test('shows a usage meter for each quota', async () => {
  accountBackend.usage = { ownedTeams: 1, totalTeams: 2, teamMembers: 3, projects: 2, agentActions: 12 };
  renderApp('/settings/account', signIn());
  const owned = await screen.findByRole('meter', { name: 'Teams this account owns' });
  expect(owned).toHaveAttribute('aria-valuetext', '1 of 1, limit reached');
  expect(screen.getByRole('meter', { name: 'Teams you belong to' })).toHaveAttribute('aria-valuetext', '2 of 3');
  expect(screen.getByRole('meter', { name: 'Seats in Analytical Engines' })).toHaveAttribute(
    'aria-valuetext',
    '3 of 3, limit reached',
  );
  expect(screen.getByRole('meter', { name: 'Projects in Analytical Engines' })).toHaveAttribute(
    'aria-valuetext',
    '2 of 3',
  );
  expect(screen.getByRole('meter', { name: 'Agent actions this month' })).toHaveAttribute('aria-valuetext', '12 of 50');
  expect(screen.getByText('200')).toBeInTheDocument();
});

test.each([
  ['teams', 'Teams'],
  ['users', 'Members'],
  ['projects', 'Projects'],
  ['project-items', 'Project items'],
  ['agent', 'Agent actions'],
])('?feature=%s scrolls to and highlights its section, and moves focus there', async (feature, title) => {
  const scrolled: Element[] = [];
  Element.prototype.scrollIntoView = jest.fn(function (this: Element) {
    scrolled.push(this);
  });
  renderApp(`/settings/account?feature=${feature}`, signIn());
  const heading = await screen.findByRole('heading', { name: title, level: 3 });
  const section = heading.closest('section') as HTMLElement;
  expect(section).toHaveAttribute('data-highlighted', 'true');
  await waitFor(() => expect(section).toHaveFocus());
  expect(scrolled).toEqual([section]);
  const others = document.querySelectorAll('[data-highlighted]');
  expect(others).toHaveLength(1);
});

test('an unknown feature highlights nothing', async () => {
  renderApp('/settings/account?feature=spaceships', signIn());
  await screen.findByRole('heading', { name: 'Usage' });
  expect(document.querySelector('[data-highlighted]')).toBeNull();
});

test('upgrading from Free starts a checkout that applies at once without a payment provider', async () => {
  const user = userEvent.setup();
  const checkouts = recordCalls('post', '/active/checkout');
  renderApp('/settings/account', signIn());
  await user.click(await screen.findByRole('radio', { name: /Annual/ }));
  await user.click(within(planCard('Team')).getByRole('button', { name: 'Upgrade to Team' }));

  expect(await screen.findByText('You are on Team, billed annually.')).toBeInTheDocument();
  expect(checkouts).toEqual([{ plan: 'team', billingPeriod: 1, addOns: [] }]);
  await waitFor(() => expect(within(planCard('Team')).getByRole('button', { name: 'Current plan' })).toBeDisabled());
  expect(screen.getByRole('meter', { name: 'Projects in Analytical Engines' })).toHaveAttribute(
    'aria-valuetext',
    '1 of 25',
  );
});

test('the quota error that brought the user here goes once "Upgrade to Team" applied at once', async () => {
  const user = userEvent.setup();
  const { store } = renderApp('/settings/account?feature=projects', signIn());
  act(() => {
    store.dispatch(quotaErrorRaised('projects'));
  });
  expect(await screen.findByTestId('quota-error')).toHaveTextContent(quotaMessages.projects);
  await user.click(await within(await findPlanCard('Team')).findByRole('button', { name: 'Upgrade to Team' }));
  expect(await screen.findByText('You are on Team, billed monthly.')).toBeInTheDocument();
  expect(screen.queryByTestId('quota-error')).not.toBeInTheDocument();
});

test('with Stripe, the checkout sends the browser to the payment page', async () => {
  const user = userEvent.setup();
  accountBackend.paymentProvider = 'stripe';
  const redirect = jest.fn();
  renderWithProviders(<AccountSettingsPage redirect={redirect} />, {
    preloadedState: signIn(),
    route: '/settings/account',
  });
  await user.click(await within(await findPlanCard('Business')).findByRole('button', { name: 'Upgrade to Business' }));
  await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1'));
});

async function findPlanCard(name: string) {
  return (await screen.findByRole('heading', { name, level: 3 })).closest('li') as HTMLElement;
}

test('returning from the payment page confirms the checkout once and says so', async () => {
  const confirmations = recordCalls('put', '/active/checkout');
  const { router } = renderApp('/settings/account?checkoutId=checkout-7', signIn());
  expect(await screen.findByText('Payment received: your new plan is active.')).toBeInTheDocument();
  expect(confirmations).toEqual([{ checkoutId: 'checkout-7' }]);
  expect(router.location.search).toBe('');
  await waitFor(() => expect(within(planCard('Team')).getByText('Current')).toBeInTheDocument());
});

test('a paying account changes plan and billing period in place', async () => {
  const user = userEvent.setup();
  accountBackend.plan = 'team';
  const changes = recordCalls('put', '/active/plan');
  renderApp('/settings/account', signIn());
  await user.click(await within(await findPlanCard('Business')).findByRole('button', { name: 'Upgrade to Business' }));
  expect(await screen.findByText('You are on Business, billed monthly.')).toBeInTheDocument();
  await user.click(screen.getByRole('radio', { name: /Annual/ }));
  await user.click(within(planCard('Business')).getByRole('button', { name: 'Switch to annual billing' }));
  expect(await screen.findByText('You are on Business, billed annually.')).toBeInTheDocument();
  expect(changes).toEqual([
    { plan: 'business', billingPeriod: 0 },
    { plan: 'business', billingPeriod: 1 },
  ]);
});

test('add-on quantities are saved together', async () => {
  const user = userEvent.setup();
  accountBackend.plan = 'team';
  const saves = recordCalls('put', '/active/plan/add-ons');
  renderApp('/settings/account', signIn());
  await user.click(await screen.findByRole('button', { name: 'One more Extra seat' }));
  await user.click(screen.getByRole('button', { name: 'One more Extra seat' }));
  const actions = screen.getByLabelText('500 agent actions');
  await user.clear(actions);
  await user.type(actions, '3');
  await user.click(screen.getByRole('button', { name: 'Save add-ons' }));

  expect(await screen.findByText('Add-ons saved.')).toBeInTheDocument();
  expect(saves).toEqual([
    {
      addOns: [
        { addOn: 'extra-seat', quantity: 2 },
        { addOn: 'agent-actions-500', quantity: 3 },
      ],
    },
  ]);
  expect(screen.getByRole('meter', { name: 'Seats in Analytical Engines' })).toHaveAttribute(
    'aria-valuetext',
    '1 of 12',
  );
  expect(screen.getByLabelText('Extra seat')).toHaveValue(2);
  expect(screen.getByRole('button', { name: 'Save add-ons' })).toBeDisabled();
});

test('cancelling asks first, then returns the account to Free', async () => {
  const user = userEvent.setup();
  accountBackend.plan = 'business';
  const cancellations = recordCalls('delete', '/active/plan');
  renderApp('/settings/account', signIn());
  await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
  const dialog = screen.getByRole('dialog', { name: 'Cancel the subscription?' });
  await user.click(within(dialog).getByRole('button', { name: 'Keep subscription' }));
  expect(cancellations).toEqual([]);

  await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
  await user.click(
    within(screen.getByRole('dialog', { name: 'Cancel the subscription?' })).getByRole('button', {
      name: 'Cancel subscription',
    }),
  );
  expect(await screen.findByText('Your subscription is cancelled: the account is on Free.')).toBeInTheDocument();
  expect(cancellations).toEqual([null]);
  expect(within(planCard('Free')).getByRole('button', { name: 'Current plan' })).toBeDisabled();
});

test('the owner edits the account name and billing e-mail', async () => {
  const user = userEvent.setup();
  const saves = recordCalls('put', '/active');
  renderApp('/settings/account', signIn());
  const name = await screen.findByLabelText('Account name');
  await user.clear(name);
  await user.type(name, 'Engines Ltd');
  await user.click(screen.getByRole('button', { name: 'Save account' }));
  expect(await screen.findByText('Account details saved.')).toBeInTheDocument();
  expect(saves).toEqual([{ accountName: 'Engines Ltd', billingEmail: 'ada@example.com' }]);
});

test('a failed change is said, and nothing else changes', async () => {
  const user = userEvent.setup();
  server.use(
    http.post(accountUrl('/active/checkout'), () =>
      HttpResponse.json({ result: 'Failed', message: 'The payment provider is not answering.' }, { status: 502 }),
    ),
  );
  renderApp('/settings/account', signIn());
  await user.click(await within(await findPlanCard('Team')).findByRole('button', { name: 'Upgrade to Team' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The payment provider is not answering.');
  expect(within(planCard('Free')).getByText('Current')).toBeInTheDocument();
});

test('only the account owner gets billing controls; members see plan and usage', async () => {
  renderApp('/settings/account', signIn({ owner: false }));
  expect(
    await screen.findByText(/Billing for this account is managed by its owner, grace@example.com/),
  ).toBeInTheDocument();
  expect(screen.getByRole('meter', { name: 'Agent actions this month' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Business', level: 3 })).toBeInTheDocument();
  for (const name of [/Upgrade/, /Move to/, 'Cancel subscription', 'Save add-ons', 'Save account', /One more/]) {
    expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  }
  expect(screen.queryByLabelText('Account name', { selector: 'input' })).not.toBeInTheDocument();
});

test('the subscription is read afresh on every visit', async () => {
  let reads = 0;
  server.use(
    http.get(accountUrl('/active/subscription'), () => {
      reads += 1;
    }),
  );
  const user = userEvent.setup();
  renderApp('/settings/account', signIn());
  await screen.findByRole('heading', { name: 'Usage' });
  await user.click(screen.getByRole('link', { name: 'Members' }));
  await screen.findByRole('heading', { name: 'Members', level: 1 });
  await user.click(screen.getByRole('link', { name: 'Account' }));
  await screen.findByRole('heading', { name: 'Usage' });
  await waitFor(() => expect(reads).toBe(3));
});
