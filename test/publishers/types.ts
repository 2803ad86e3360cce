/**
 * The publisher stand-in's routes (issue 51): each publisher's pages, services and files as the
 * research describes them (research/list-acquisition.md), served on 127.0.0.1 under
 * `/<publisher host>/<path>`, the way LIST_PUBLISHERS_URL rewrites every publisher URL.
 */
import type { IncomingHttpHeaders } from 'node:http';

export interface PublisherRequest {
  method: string;
  /** The publisher's host (the first path segment), e.g. "oig.hhs.gov". */
  host: string;
  /** The publisher's path, e.g. "/exclusions/downloadables/UPDATED.csv". */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface PublisherAnswer {
  status?: number;
  headers?: Record<string, string>;
  body: string | Buffer;
}

/** How a publisher misbehaves, set by a test per source. */
export type FailureMode =
  /** Every request of the source answers 403. */
  | 'forbidden'
  /** Its pages no longer link the file (anchors removed). */
  | 'moved'
  /** Its files announce their length and stop half way. */
  | 'truncated'
  /** Its files hold every second record only (a file to be held for approval). */
  | 'half'
  /** Its files are answered by an HTML block page with status 200. */
  | 'block-page';

export interface RouteContext {
  /** The failure mode set for the route's source, if any. */
  failure: FailureMode | undefined;
}

export interface PublisherRoute {
  /** The Clearlist source id the route serves. */
  source: string;
  /** page: HTML or a service answer; file: a list file (the stand-in applies truncated / block-page to files only). */
  kind: 'page' | 'file';
  /** Answers the request, or null for 404. `half` is the route's own job (ctx.failure === 'half'). */
  answer(request: PublisherRequest, ctx: RouteContext): PublisherAnswer | null | Promise<PublisherAnswer | null>;
}

/** Routes keyed by `${host}${path}` (no query), e.g. "oig.hhs.gov/exclusions/downloadables/UPDATED.csv". */
export type PublisherRoutes = Record<string, PublisherRoute>;
