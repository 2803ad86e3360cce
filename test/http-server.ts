/**
 * A test app listening on a real port, for tests that need real parallel connections (races
 * on limits and quotas): app.inject runs requests one after another far more than a network does.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface Answer {
  status: number;
  body: unknown;
}

/** Starts listening on a free local port and answers the base URL. */
export async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** One JSON request; the body answered parsed (text when not JSON). */
export async function send(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(base + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed };
}

/** Sends `count` requests at once and answers them in the order sent. */
export function sendAll(count: number, request: (i: number) => Promise<Answer>): Promise<Answer[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => request(i)));
}

/** How many answers had each status. */
export function countStatuses(answers: readonly Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}

/** The headers a browser signed in as `agent` sends on a write: its cookies and the CSRF token. */
export function sessionHeaders(agent: { cookie(name: string): string | undefined }): Record<string, string> {
  const sid = agent.cookie('sid');
  const csrf = agent.cookie('csrf') ?? '';
  return { cookie: `sid=${sid}; csrf=${csrf}`, 'x-csrf-token': csrf };
}
