import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AccountDetails,
  Checkout,
  CompleteCheckoutBody,
  PutAccountBody,
  PutAddOnsBody,
  PutPlanBody,
  StartCheckoutBody,
  Subscription,
} from '../../../shared/contract/account';
import { answers, ok } from '../responses';
import {
  cancelPlan,
  changeAddOns,
  changePlan,
  confirmCheckout,
  describeSubscription,
  startCheckout,
  updateAccount,
} from '../../services/billing';
import { requireAccountOwner, requireActiveAccount } from './activeAccount';
import { announce } from '../../services/teamEvents/announce';
import { writerOf } from '../writer';

const tags = ['account'];

/** The active team's account: its plan, add-ons, entitlements and usage. Any member reads; the owner changes. */
export default async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const subscriptionOf = async (scope: { accountId: string; userId: string; teamId: string }) =>
    describeSubscription(app.db, scope, app.payments, app.clock.now());
  // The plan sets the team's limits its boards show (after the payment provider agreed, so not in its transaction).
  const planChanged = (request: FastifyRequest, scope: { teamId: string }) =>
    announce(app.db, writerOf(request, scope.teamId), { kind: 'team' });

  app.get(
    '/active/subscription',
    { schema: { tags, operationId: 'getSubscription', response: answers(Subscription) } },
    async (request, reply) => {
      const scope = await requireActiveAccount(app, request);
      reply.header('cache-control', 'no-store');
      return ok(await subscriptionOf(scope));
    },
  );

  app.put(
    '/active',
    {
      schema: {
        tags,
        operationId: 'putAccount',
        body: PutAccountBody,
        response: answers(AccountDetails),
      },
    },
    async (request) => {
      const { accountId } = await requireAccountOwner(app, request);
      return ok(await updateAccount(app.db, app.payments, accountId, request.body));
    },
  );

  app.post(
    '/active/checkout',
    {
      config: { callsOut: true },
      schema: {
        tags,
        operationId: 'startCheckout',
        summary: 'Buys a plan with add-ons: applied at once without a payment provider, else via checkoutUrl',
        body: StartCheckoutBody,
        response: answers(Checkout),
      },
    },
    async (request) => {
      const { accountId } = await requireAccountOwner(app, request);
      return ok(await startCheckout(app.db, app.payments, accountId, request.body, app.clock.now()));
    },
  );

  app.put(
    '/active/checkout',
    {
      config: { callsOut: true },
      schema: {
        tags,
        operationId: 'completeCheckout',
        summary: 'Confirms a checkout when the browser returns from the payment page',
        body: CompleteCheckoutBody,
        response: answers(Checkout),
      },
    },
    async (request) => {
      const { accountId } = await requireAccountOwner(app, request);
      return ok(await confirmCheckout(app.db, app.payments, accountId, request.body.checkoutId, app.clock.now()));
    },
  );

  app.put(
    '/active/plan',
    {
      schema: { tags, operationId: 'putPlan', body: PutPlanBody, response: answers(Subscription) },
    },
    async (request) => {
      const scope = await requireAccountOwner(app, request);
      await changePlan(app.db, app.payments, scope.accountId, request.body);
      await planChanged(request, scope);
      return ok(await subscriptionOf(scope));
    },
  );

  app.put(
    '/active/plan/add-ons',
    {
      schema: { tags, operationId: 'putAddOns', body: PutAddOnsBody, response: answers(Subscription) },
    },
    async (request) => {
      const scope = await requireAccountOwner(app, request);
      await changeAddOns(app.db, app.payments, scope.accountId, request.body.addOns);
      await planChanged(request, scope);
      return ok(await subscriptionOf(scope));
    },
  );

  app.delete(
    '/active/plan',
    {
      schema: {
        tags,
        operationId: 'cancelPlan',
        summary: 'Back to the free plan: data over its limits stays readable, creating more is refused',
        response: answers(Subscription),
      },
    },
    async (request) => {
      const scope = await requireAccountOwner(app, request);
      await cancelPlan(app.db, app.payments, scope.accountId);
      await planChanged(request, scope);
      return ok(await subscriptionOf(scope));
    },
  );
}
