/** The Braintree payment provider (the spec's), used when BRAINTREE_* credentials are set. */
import braintree from 'braintree';
import type { AppConfig } from '../config';
import { amountOf, type PaymentProvider, type PaymentResult, type VaultedCard } from './provider';

type Result = { success: boolean; message: string; errors: { deepErrors(): { message: string }[] } };

/** The messages of a refused call: each validation error, else the processor's or gateway's text. */
function refusal(result: Result & { verification?: { processorResponseText?: string; gatewayRejectionReason?: string } }): { ok: false; messages: string[] } {
  const messages = result.errors?.deepErrors().map((e) => e.message) ?? [];
  const v = result.verification;
  if (v?.processorResponseText) messages.push(v.processorResponseText);
  if (v?.gatewayRejectionReason) messages.push(`Gateway Rejected: ${v.gatewayRejectionReason}`);
  return { ok: false, messages: messages.length ? messages : [result.message] };
}

/** `environment` replaces Braintree's hosts (tests point it at a local stand-in). */
export function createBraintreeProvider(credentials: NonNullable<AppConfig['braintree']>, environment?: braintree.Environment): PaymentProvider {
  const gateway = new braintree.BraintreeGateway({
    environment: environment ?? (credentials.environment === 'production' ? braintree.Environment.Production : braintree.Environment.Sandbox),
    merchantId: credentials.merchantId,
    publicKey: credentials.publicKey,
    privateKey: credentials.privateKey,
  });

  const card = (customerId: string, method: { token?: string; last4?: string } | undefined): PaymentResult<VaultedCard> =>
    method?.token ? { ok: true, customerId, paymentMethodToken: method.token, lastFour: method.last4 ?? '' } : { ok: false, messages: ['The card could not be stored.'] };

  return {
    name: 'braintree',
    async clientToken(customerId) {
      const result = await gateway.clientToken.generate(customerId ? { customerId } : {});
      if (!result.success) throw new Error(`Braintree client token: ${result.message}`);
      return result.clientToken;
    },
    async createCustomer(input) {
      const result = await gateway.customer.create({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        company: input.company,
        paymentMethodNonce: input.nonce,
        deviceData: input.deviceData,
        creditCard: { options: { verifyCard: true } } as never,
      });
      if (!result.success) return refusal(result as never);
      return card(result.customer.id, result.customer.paymentMethods?.[0] as { token?: string; last4?: string });
    },
    async replaceCard(customerId, nonce, deviceData) {
      const result = await gateway.paymentMethod.create({ customerId, paymentMethodNonce: nonce, deviceData, options: { makeDefault: true, verifyCard: true } });
      if (!result.success) return refusal(result as never);
      return card(customerId, result.paymentMethod as { token?: string; last4?: string });
    },
    async charge(input) {
      const result = await gateway.transaction.sale({
        amount: amountOf(input.amountCents),
        paymentMethodToken: input.paymentMethodToken,
        orderId: input.orderId,
        options: { submitForSettlement: true },
      });
      if (!result.success) {
        const t = result.transaction as { processorResponseText?: string; gatewayRejectionReason?: string } | undefined;
        const messages = [t?.processorResponseText, t?.gatewayRejectionReason && `Gateway Rejected: ${t.gatewayRejectionReason}`].filter(Boolean) as string[];
        return { ok: false, messages: messages.length ? messages : [result.message] };
      }
      return { ok: true, transactionId: result.transaction.id };
    },
    async deleteCustomer(customerId) {
      await gateway.customer.delete(customerId);
    },
  };
}
