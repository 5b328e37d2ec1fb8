import type { Config } from '../../config/config';
import { noPaymentProvider } from './none';
import { createStripeProvider } from './stripe';
import type { PaymentProvider } from './types';

export * from './types';

/** Stripe when it is configured, otherwise no payment provider. */
export async function createPaymentProvider(config: Config): Promise<PaymentProvider> {
  return config.stripe ? createStripeProvider(config.stripe, config.publicUrl) : noPaymentProvider;
}
