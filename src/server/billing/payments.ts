/** Which payment provider the app uses: the context's (tests), Braintree when configured, else offline. */
import type { AppContext } from '../app-context';
import { createBraintreeProvider } from './braintree-provider';
import { createOfflineProvider } from './offline-provider';
import type { PaymentProvider } from './provider';

const byContext = new WeakMap<AppContext, PaymentProvider>();

export function paymentsOf(ctx: AppContext): PaymentProvider {
  let provider = ctx.payments ?? byContext.get(ctx);
  if (!provider) {
    provider = ctx.config.braintree ? createBraintreeProvider(ctx.config.braintree) : createOfflineProvider();
    byContext.set(ctx, provider);
  }
  return provider;
}
