/** Session cookie → request.auth, and the CSRF double-submit check for cookie writes. */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATE_CHANGING_GETS } from '#shared/access';
import { LOGIN_MESSAGES } from '#shared/messages';
import { isIpAllowedForClient } from './ip-allowlist';
import type { Database, Db } from '../db/client';
import { sessionCacheFor } from './session-cache';
import { revokeSession, sessionAuthOf, touchSession } from './session-queries';
import { AppError } from './errors';
import { hashToken } from './tokens';

export const SESSION_COOKIE = 'sid';
export const CSRF_COOKIE = 'csrf';
export const CSRF_HEADER = 'x-csrf-token';

export interface AuthContext {
  userId: number;
  username: string;
  clientId: number;
  teamId: number | null;
  roles: string[];
  sessionHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function installSessions(app: FastifyInstance, database: Database, now: () => Date): void {
  const db: Db = database.db;
  const sessionCache = sessionCacheFor(database);
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request, reply) => {
    // The public API is authenticated by its key alone: no cookie is read or set there (ADR 029).
    if (request.url.startsWith('/api/')) return;
    ensureCsrfCookie(request, reply);
    const writes = changesState(request);
    // A browser says where a fetch came from; no other site may write through our cookies.
    if (writes && request.headers['sec-fetch-site'] === 'cross-site') throw csrfFailed();
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const sessionHash = hashToken(token);
    const at = now();
    const row = await sessionCache.find(sessionHash, at);
    const found = row && sessionAuthOf(row, at);
    if (!found) return;
    const { ipAllowlist, isStale, searchUser, ...auth } = found;
    // The allowlist holds for the whole session, not only at login (ADR 026).
    if (!isIpAllowedForClient(auth.clientId, request.ip, ipAllowlist)) {
      await revokeSession(db, sessionHash);
      clearSessionCookie(reply);
      throw new AppError('WHITELIST_FAILURE', LOGIN_MESSAGES.WHITELIST_FAILURE);
    }
    request.auth = { ...auth, sessionHash };
    // The search rules' fields came with the session: a search reads no more (ADR 055).
    request.searchUser = searchUser;
    if (writes) checkCsrf(request);
    if (isStale) await touchSession(db, sessionHash);
  });
}

/** Any method but GET/HEAD/OPTIONS, and the GETs the spec gave a side effect (ADR 026). */
function changesState(request: FastifyRequest): boolean {
  if (!SAFE_METHODS.has(request.method)) return true;
  return request.method === 'GET' && STATE_CHANGING_GETS.has(`GET ${request.routeOptions.url}`);
}

const csrfFailed = () => new AppError('CSRF_FAILED', 'Missing or invalid CSRF token. Reload the page and try again.');

function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply): void {
  if (request.cookies[CSRF_COOKIE]) return;
  const value = randomBytes(24).toString('base64url');
  request.cookies[CSRF_COOKIE] = value;
  reply.setCookie(CSRF_COOKIE, value, {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    secure: request.protocol === 'https',
  });
}

/** Double-submit: a cookie-authenticated write must echo the csrf cookie in a header. */
function checkCsrf(request: FastifyRequest): void {
  const cookie = request.cookies[CSRF_COOKIE] ?? '';
  const header = request.headers[CSRF_HEADER];
  const sent = typeof header === 'string' ? header : '';
  const ok = cookie.length > 0 && sent.length === cookie.length && timingSafeEqual(Buffer.from(sent), Buffer.from(cookie));
  if (!ok) throw csrfFailed();
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
