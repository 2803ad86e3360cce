/** What a card form yields: the provider's one-time nonce and the card's last four digits, never card data. */
export interface CardResult {
  nonce: string;
  lastFour: string;
  /** Device data of the provider's fraud tools, sent as deviceId when there is any. */
  deviceData: string | null;
}

/** The parent's handle on a card form: asks it for a nonce, null when the form shows what is missing. */
export interface CardFormHandle {
  requestCard(): Promise<CardResult | null>;
}
