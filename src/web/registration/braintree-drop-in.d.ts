/** The part of braintree-web-drop-in's API the card form uses (the package ships no types). */
declare module 'braintree-web-drop-in' {
  export interface PaymentMethodPayload {
    nonce: string;
    type: string;
    details: { lastFour?: string; lastTwo?: string; cardType?: string };
    deviceData?: string;
  }
  export interface Dropin {
    requestPaymentMethod(): Promise<PaymentMethodPayload>;
    teardown(): Promise<void>;
  }
  export interface CreateOptions {
    authorization: string;
    container: HTMLElement | string;
    dataCollector?: boolean;
    card?: { cardholderName?: { required?: boolean } | boolean };
  }
  export function create(options: CreateOptions): Promise<Dropin>;
  const dropin: { create: typeof create };
  export default dropin;
}
