/**
 * The payment provider's refusal in words a customer understands (issue 19 item 7). The
 * offline provider answers Braintree's documented texts ("Do Not Honor (2000)", "Gateway
 * Rejected: fraud"); Braintree answers its processor response texts and validation errors.
 * Each known reason maps to one plain sentence; the raw texts stay in the audit log.
 */
const REASONS: Array<[RegExp, string]> = [
  [/payment_method_nonce|nonce/i, 'The card details expired before they reached us. Please enter the card again.'],
  [/insufficient funds|\b2001\b/i, 'The card was declined for insufficient funds. Please use another card.'],
  [/limit exceeded|\b2002\b|\b2003\b/i, 'The card was declined because its limit has been reached. Please use another card.'],
  [/expired card|\b2004\b|expiration date is invalid/i, 'The card has expired or its expiry date is wrong. Please check the date or use another card.'],
  [/credit card number is invalid|invalid credit card number|\b2005\b|number is not an accepted test number/i, 'The card number is not valid. Please check the number and try again.'],
  [/cvv|security code|\b2010\b/i, 'The security code (CVV) does not match the card. Please check the 3 or 4 digits and try again.'],
  [/avs|postal code|billing address/i, 'The billing address or postal code does not match the card. Please check them and try again.'],
  [/gateway rejected: fraud|fraud|risk_threshold/i, 'The payment was refused for security reasons. Please use another card or contact your bank.'],
  [/gateway rejected: duplicate/i, 'The same card was just submitted. Please wait a minute before trying again.'],
  [/network unavailable|\b3000\b|processor declined.*try again|try again later/i, 'The card network is not available right now. Please try again in a few minutes.'],
  [/do not honor|\b2000\b|declined by the processor|processor declined|\b2038\b|\b2046\b|declined/i, 'Your bank declined the card without giving a reason. Please call the bank or use another card.'],
];

const FALLBACK = 'The card could not be used. Please check its details or use another card.';

/** One sentence per distinct reason, in the order the provider gave them. */
export function customerDeclineReason(messages: readonly string[]): string {
  const sentences = messages.map((m) => REASONS.find(([pattern]) => pattern.test(m))?.[1] ?? FALLBACK);
  const distinct = [...new Set(sentences.length ? sentences : [FALLBACK])];
  // A specific reason says more than the generic refusal that often comes with it.
  const specific = distinct.filter((s) => s !== FALLBACK);
  return (specific.length ? specific : distinct).join(' ');
}
