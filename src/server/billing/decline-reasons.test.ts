import { describe, expect, it } from 'vitest';
import { customerDeclineReason } from './decline-reasons';

describe('card refusals in plain words', () => {
  it.each([
    // The offline provider's texts (Braintree's documented test outcomes).
    [['Do Not Honor (2000)', 'Card verification was declined by the processor.'], 'Your bank declined the card without giving a reason. Please call the bank or use another card.'],
    [['Gateway Rejected: fraud'], 'The payment was refused for security reasons. Please use another card or contact your bank.'],
    [['Credit card number is invalid.'], 'The card number is not valid. Please check the number and try again.'],
    [['Unknown or expired payment_method_nonce.'], 'The card details expired before they reached us. Please enter the card again.'],
    // Braintree's processor response texts.
    [['Do Not Honor'], 'Your bank declined the card without giving a reason. Please call the bank or use another card.'],
    [['Insufficient Funds'], 'The card was declined for insufficient funds. Please use another card.'],
    [['Expired Card'], 'The card has expired or its expiry date is wrong. Please check the date or use another card.'],
    [['Card Issuer Declined CVV'], 'The security code (CVV) does not match the card. Please check the 3 or 4 digits and try again.'],
    [['Gateway Rejected: avs'], 'The billing address or postal code does not match the card. Please check them and try again.'],
    [['Processor Network Unavailable - Try Again'], 'The card network is not available right now. Please try again in a few minutes.'],
    [['Something new from the bank'], 'The card could not be used. Please check its details or use another card.'],
    [[], 'The card could not be used. Please check its details or use another card.'],
  ])('%j → %s', (messages, expected) => {
    expect(customerDeclineReason(messages)).toBe(expected);
  });

  it('never repeats the provider code or jargon', () => {
    expect(customerDeclineReason(['Do Not Honor (2000)'])).not.toMatch(/2000|Honor/);
  });
});
