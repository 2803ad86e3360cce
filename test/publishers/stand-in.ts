/**
 * The publisher stand-in (issue 51): an HTTP server on 127.0.0.1 that answers `/<host>/<path>`
 * from the publisher routes (index.ts), the way LIST_PUBLISHERS_URL rewrites publisher URLs.
 * A test makes a source misbehave with `fail(source, mode)`; the browser tests with
 * `POST /control/fail?source=…&mode=…` (an empty mode clears it).
 *
 * The failure modes apply generically: a "page answer" is one of a page route, or any answer
 * of content type text/html (the form a file route first shows, Texas); a "file answer" is
 * any other answer of a file route.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { publisherRoutes } from './index';
import type { FailureMode, PublisherAnswer, PublisherRoutes } from './types';

export interface StandInRequest {
  method: string;
  host: string;
  path: string;
  query: string;
  userAgent: string;
}

export interface PublisherStandIn {
  /** The origin to give as LIST_PUBLISHERS_URL. */
  url: string;
  /** Sets (or with null clears) a source's failure mode. */
  fail(source: string, mode: FailureMode | null): void;
  /** Every publisher request, in order (not /health or /control). */
  requests: StandInRequest[];
  close(): Promise<void>;
}

export interface StandInOptions {
  port?: number;
  /** Other routes than every publisher's (tests of one publisher). */
  routes?: PublisherRoutes;
}

const MODES: readonly FailureMode[] = ['forbidden', 'moved', 'truncated', 'half', 'block-page'];

const BLOCK_PAGE = '<!DOCTYPE html><html><head><title>Access Denied</title></head><body><h1>Access Denied</h1><p>You don\'t have permission to access this resource. Reference #18.2f4e1b17</p></body></html>';

/** A page without its links: the anchors' tags removed, their text left. */
export function stripAnchors(html: string): string {
  return html.replace(/<a\b[^>]*>/gi, '').replace(/<\/a\s*>/gi, '');
}

export async function startPublisherStandIn(options: StandInOptions = {}): Promise<PublisherStandIn> {
  const routes = options.routes ?? publisherRoutes();
  const failures = new Map<string, FailureMode>();
  const requests: StandInRequest[] = [];
  const fail = (source: string, mode: FailureMode | null) => {
    if (mode) failures.set(source, mode);
    else failures.delete(source);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const body = await readBody(req);
    if (url.pathname === '/health') return send(res, { body: 'ok', headers: { 'content-type': 'text/plain' } });
    if (url.pathname === '/control/fail' && req.method === 'POST') {
      const mode = url.searchParams.get('mode') ?? '';
      if (mode && !MODES.includes(mode as FailureMode)) return send(res, { status: 400, body: `unknown mode ${mode}; one of ${MODES.join(', ')}` });
      fail(url.searchParams.get('source') ?? '', (mode || null) as FailureMode | null);
      return send(res, { body: 'ok' });
    }
    const [, host = '', ...rest] = url.pathname.split('/');
    const path = `/${rest.map((p) => safeDecode(p)).join('/')}`;
    requests.push({ method: req.method ?? 'GET', host, path, query: url.search, userAgent: req.headers['user-agent'] ?? '' });
    const route = routes[`${host}${path}`];
    if (!route) return send(res, { status: 404, body: 'Not Found' });
    const failure = failures.get(route.source);
    if (failure === 'forbidden') return send(res, { status: 403, headers: { 'content-type': 'text/html' }, body: '<html><body><h1>403 Forbidden</h1></body></html>' });
    const answer = await route.answer({ method: req.method ?? 'GET', host, path, query: url.searchParams, headers: req.headers, body }, { failure });
    if (!answer) return send(res, { status: 404, body: 'Not Found' });
    const isHtml = /text\/html/i.test(answer.headers?.['content-type'] ?? '');
    const isFile = route.kind === 'file' && !isHtml && (answer.status ?? 200) === 200;
    if (failure === 'moved' && (route.kind === 'page' || isHtml)) return send(res, { ...answer, body: stripAnchors(answer.body.toString()) });
    if (failure === 'block-page' && isFile) return send(res, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: BLOCK_PAGE });
    if (failure === 'truncated' && isFile) {
      const bytes = Buffer.isBuffer(answer.body) ? answer.body : Buffer.from(answer.body);
      res.writeHead(200, { ...answer.headers, 'content-length': String(bytes.length) });
      res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => res.destroy());
      return;
    }
    send(res, answer);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, { status: 500, body: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    fail,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function send(res: ServerResponse, answer: PublisherAnswer): void {
  const bytes = Buffer.isBuffer(answer.body) ? answer.body : Buffer.from(answer.body);
  res.writeHead(answer.status ?? 200, { ...answer.headers, 'content-length': String(bytes.length) });
  res.end(bytes);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
