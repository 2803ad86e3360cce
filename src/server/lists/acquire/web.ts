/**
 * How Clearlist talks to list publishers: a desktop browser's headers (several publishers
 * answer 403 to anything else), the operator's proxy (HTTPS_PROXY, HTTP_PROXY, NO_PROXY),
 * cookies kept for the pages of one fetch (ASP.NET postbacks), retries with backoff, and
 * failures in words an operator can act on. `publishersUrl` sends every request to one origin
 * instead, with the publisher's host as the first path segment: the test stand-in, or a mirror.
 */
import { EnvHttpProxyAgent, fetch as proxiedFetch, type Dispatcher } from 'undici';

/** A current desktop browser's request headers. */
export const BROWSER_HEADERS: Readonly<Record<string, string>> = {
  'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,application/json;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
};

export interface ProxySettings {
  http?: string;
  https?: string;
  no?: string;
}

export interface WebOptions {
  /** Serve every publisher URL from this origin (host as the first path segment). */
  publishersUrl?: string | null;
  proxy?: ProxySettings;
  /** Tests give their own. */
  fetch?: typeof fetch;
  attempts?: number;
  delay?: (ms: number) => Promise<void>;
  timeoutMs?: number;
}

export interface PageRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface Page {
  /** The URL as the publisher names it (before any stand-in rewrite), after redirects within it. */
  url: string;
  status: number;
  text: string;
  contentType: string;
}

/** A publisher's answer an operator must know about, in words. */
export class PublisherError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export interface Web {
  /** fetch with the browser headers, the proxy, the cookies and the rewrite: for file downloads. */
  fetch: typeof fetch;
  /** A page or service answer as text; retries 5xx, 408, 429 and 403; throws PublisherError. */
  page(url: string, request?: PageRequest): Promise<Page>;
  /** The same, parsed as JSON. */
  json<T>(url: string, request?: PageRequest): Promise<T>;
  /** The URL actually requested for a publisher's URL. */
  rewrite(url: string): string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The words for a publisher's refusal. */
export function statusWords(status: number, url: string): string {
  if (status === 403) return `the publisher answered HTTP 403 (forbidden) for ${url}: it may block servers outside the US or in data centres; upload the file instead`;
  if (status === 404 || status === 410) return `the publisher answered HTTP ${status} (not found) for ${url}: the page or file has moved`;
  if (status === 429) return `the publisher answered HTTP 429 (too many requests) for ${url}: try again later`;
  return `the publisher answered HTTP ${status} for ${url}`;
}

export function createWeb(options: WebOptions = {}): Web {
  const attempts = options.attempts ?? 3;
  const delay = options.delay ?? sleep;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const dispatcher = proxyDispatcher(options.proxy);
  const base = options.publishersUrl ? new URL(options.publishersUrl) : null;
  const jar = new Map<string, Map<string, string>>();

  const rewrite = (url: string): string => {
    if (!base) return url;
    const target = new URL(url);
    return new URL(`${base.pathname.replace(/\/$/, '')}/${target.host}${target.pathname}${target.search}`, base).toString();
  };
  const raw: typeof fetch = options.fetch ?? (dispatcher ? ((input, init) => proxiedFetch(input as string, { ...(init as object), dispatcher }) as unknown as Promise<Response>) : fetch);

  const webFetch: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const host = new URL(url).host;
    const headers = new Headers({ ...BROWSER_HEADERS });
    for (const [k, v] of new Headers(init?.headers)) headers.set(k, v);
    const cookies = jar.get(host);
    if (cookies?.size && !headers.has('cookie')) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await raw(rewrite(url), { ...init, headers });
    for (const line of response.headers.getSetCookie?.() ?? []) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      if (!jar.has(host)) jar.set(host, new Map());
      jar.get(host)!.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return response;
  };

  const page = async (url: string, request: PageRequest = {}): Promise<Page> => {
    let last: unknown;
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        const response = await webFetch(url, { method: request.method ?? 'GET', headers: request.headers, body: request.body, signal: controller.signal, redirect: 'follow' });
        const text = await response.text();
        if (response.ok) return { url, status: response.status, text, contentType: response.headers.get('content-type') ?? '' };
        last = new PublisherError(statusWords(response.status, url), response.status);
        if (!retried(response.status)) break;
      } catch (error) {
        last = controller.signal.aborted ? new PublisherError(`no data from ${url} for ${Math.round(timeoutMs / 1000)} s`) : new PublisherError(`could not reach ${url}: ${networkWords(error)}`);
        // No name or no listener: seconds later it is the same (an offline server); the next check tries again.
        if (isUnreachable(error)) break;
      } finally {
        clearTimeout(timer);
      }
      if (attempt < attempts) await delay(1000 * 2 ** (attempt - 1));
    }
    throw last;
  };

  return {
    fetch: webFetch,
    page,
    rewrite,
    async json<T>(url: string, request?: PageRequest): Promise<T> {
      const answer = await page(url, { ...request, headers: { accept: 'application/json', ...request?.headers } });
      try {
        return JSON.parse(answer.text) as T;
      } catch {
        const what = /^\s*</.test(answer.text) ? 'a web page' : 'text that is not JSON';
        throw new PublisherError(`${url} answered ${what} where its data service gives JSON: the service has changed, or a block page answered`);
      }
    },
  };
}

/** 5xx, timeouts and rate limits pass; some publishers answer 403 now and then (research §4.6). */
function retried(status: number): boolean {
  return status >= 500 || status === 408 || status === 429 || status === 403;
}

/** The publisher's name does not resolve or nobody listens: not worth retrying within the same check. */
export function isUnreachable(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } })?.cause?.code ?? (error as { code?: string })?.code;
  return code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ECONNREFUSED';
}

/** Words for a network failure, with its code (the Lists page tells an offline server by the codes). */
export function networkWords(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const code = cause?.code ?? (error as { code?: string })?.code;
  const words = networkWordsOf(error, cause, code);
  return code && !words.includes(code) ? `${words} (${code})` : words;
}

function networkWordsOf(error: unknown, cause: { message?: string } | undefined, code: string | undefined): string {
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the name does not resolve (is the server offline, or behind a proxy? set HTTPS_PROXY)';
  if (code === 'ECONNREFUSED') return 'the connection was refused';
  if (code === 'ECONNRESET') return 'the connection was cut';
  if (code && /CERT|SSL|TLS/i.test(code)) return `the TLS certificate was refused (${code}): a proxy that inspects TLS needs its CA in NODE_EXTRA_CA_CERTS`;
  return cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/** undici's proxy agent when a proxy is configured; NO_PROXY bypasses it per host. */
function proxyDispatcher(proxy: ProxySettings | undefined): Dispatcher | null {
  if (!proxy?.http && !proxy?.https) return null;
  return new EnvHttpProxyAgent({ httpProxy: proxy.http, httpsProxy: proxy.https ?? proxy.http, noProxy: proxy.no });
}
