/**
 * A local stand-in for Braintree's gateway API (the JSON answers its Node SDK accepts), so
 * the Braintree provider is tested through the real SDK without a network. It knows the
 * documented test nonces and the sandbox's declined amount range.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInRequest {
  method: string;
  path: string;
  authorization: string;
  body: Record<string, unknown>;
}

const CARDS: Record<string, { last4: string } | { declined: string } | { invalid: string }> = {
  'fake-valid-nonce': { last4: '1881' },
  'fake-valid-mastercard-nonce': { last4: '4444' },
  'fake-processor-declined-visa-nonce': { declined: 'Do Not Honor' },
  'fake-luhn-invalid-nonce': { invalid: 'Credit card number is invalid.' },
};

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** A card outcome as the gateway answers it: the vaulted card, or an API error response. */
function vault(nonce: string, token: string): [number, unknown] {
  const card = CARDS[nonce];
  if (!card) return [422, { apiErrorResponse: { message: 'Unknown or expired payment_method_nonce.', errors: { creditCard: { errors: [{ code: '91565', attribute: 'payment_method_nonce', message: 'Unknown or expired payment_method_nonce.' }] } } } }];
  if ('declined' in card) return [422, { apiErrorResponse: { message: 'Do Not Honor', errors: {}, verification: { status: 'processor_declined', processorResponseCode: '2000', processorResponseText: card.declined } } }];
  if ('invalid' in card) return [422, { apiErrorResponse: { message: card.invalid, errors: { customer: { creditCard: { errors: [{ code: '81715', attribute: 'number', message: card.invalid }] } } } } }];
  return [201, { token, last4: card.last4 }];
}

export async function startBraintreeStandIn(merchantId: string) {
  const requests: StandInRequest[] = [];
  let sequence = 0;
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = (req.url ?? '').replace(`/merchants/${merchantId}`, '');
    requests.push({ method: req.method ?? '', path, authorization: String(req.headers.authorization ?? ''), body });
    sequence += 1;
    let status = 200;
    let answer: unknown = {};
    if (req.method === 'POST' && path === '/client_token') answer = { clientToken: { value: `stand-in-token-${sequence}` } };
    else if (req.method === 'POST' && path === '/customers') {
      const customer = body.customer as { payment_method_nonce: string };
      const [code, card] = vault(customer.payment_method_nonce, `pm${sequence}`);
      status = code;
      answer = code === 201 ? { customer: { id: `cus${sequence}`, creditCards: [card] } } : card;
    } else if (req.method === 'POST' && path === '/payment_methods') {
      const method = body.payment_method as { payment_method_nonce: string };
      const [code, card] = vault(method.payment_method_nonce, `pm${sequence}`);
      status = code;
      answer = code === 201 ? { creditCard: card } : card;
    } else if (req.method === 'POST' && path === '/transactions') {
      const amount = Number((body.transaction as { amount: string }).amount);
      if (amount >= 2000 && amount < 3000) {
        status = 422;
        answer = { apiErrorResponse: { message: 'Do Not Honor', errors: {}, transaction: { id: `tx${sequence}`, status: 'processor_declined', processorResponseCode: '2000', processorResponseText: 'Do Not Honor' } } };
      } else {
        status = 201;
        answer = { transaction: { id: `tx${sequence}`, status: 'submitted_for_settlement', amount: String(amount) } };
      }
    } else if (req.method === 'DELETE' && path.startsWith('/customers/')) answer = {};
    else status = 404;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { port, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
