import { WebhookSignatureError, type PaymentProvider } from './types';

/** No payment provider: a self-hosted install pays nobody, so every purchase applies at once. */
export const noPaymentProvider: PaymentProvider = {
  kind: 'none',
  startCheckout: async () => ({ checkoutUrl: null, providerSessionId: null }),
  checkoutState: async () => ({ status: 'complete', checkoutUrl: null, customerId: null, subscriptionId: null }),
  expireCheckout: async () => undefined,
  changeSubscription: async () => 'applied',
  cancelSubscription: async () => undefined,
  updateCustomer: async () => undefined,
  verifyWebhook: () => {
    throw new WebhookSignatureError('No payment provider is configured');
  },
};
