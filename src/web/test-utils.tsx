/** Renders the whole app at a path with the server answered by a fetch stub (the browser's boundary). */
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import type { ComponentType } from 'react';
import { vi } from 'vitest';
import type { CurrentUser } from '#shared/auth';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { buildRoutes } from './app/router';
import { PAGES } from './app/page-registry';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Parsed JSON, or the FormData of a multipart upload. */
  body: unknown;
  /** The query string's parameters. */
  query: URLSearchParams;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function apiError(status: number, code: string, message: string, fields?: Record<string, string>): Response {
  return json(status, { error: { code, message, ...(fields ? { fields } : {}) } });
}

/** Stubs fetch with handlers keyed 'METHOD /path'; unknown calls answer 404 in the error shape. */
export function stubServer(handlers: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body instanceof FormData ? init.body : undefined,
      query: url.searchParams,
    };
    requests.push(request);
    const handler = handlers[`${request.method} ${request.path}`];
    return handler ? handler(request) : apiError(404, 'NOT_FOUND', 'Not found.');
  });
  vi.stubGlobal('fetch', fetchStub);
  return { requests, fetch: fetchStub };
}

export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    userName: 'analyst',
    roles: ['name_search_user'],
    clientName: 'Harbor Health',
    firstName: 'Ada',
    lastName: 'Reyes',
    fullName: 'Ada Reyes',
    email: 'ada@example.org',
    domainName: 'harbor',
    privateHelpPage: null,
    teamType: 'SINGLE',
    singleTeam: true,
    multiTeam: false,
    teamOwner: false,
    teamName: null,
    ...overrides,
  };
}

/** Answers GET /services/user/info with `user`, or 401 when it is null. */
export function userInfoHandler(user: CurrentUser | null): Handler {
  return () => (user ? json(200, user) : apiError(401, 'UNAUTHENTICATED', 'Please log in.'));
}

export function renderApp(path: string, pages: Partial<Record<string, ComponentType>> = PAGES) {
  const router = createMemoryRouter(buildRoutes(pages), { initialEntries: [path] });
  const utils = render(<App router={router} queryClient={createQueryClient()} env="test" />);
  return { ...utils, router };
}
