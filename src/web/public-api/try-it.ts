/**
 * Try-it-out on the API Documentation page (ADR 041): builds the request an operation's form
 * describes and sends it with the key the user typed. The key lives in the page's memory only;
 * the request carries no cookie, so it is the API key, not the session, that is tested.
 */
import type { OperationView } from './openapi-view';

export interface TryValues {
  params: Record<string, string>;
  body: string;
  file: File | null;
  mapping: string;
}

export interface TryAnswer {
  status: number;
  contentType: string;
  /** Pretty JSON or text; null for a file answer. */
  text: string | null;
  file: Blob | null;
}

export const EXAMPLE_MAPPING = JSON.stringify({ columnMappings: { 'First Name': 'First Name', 'Last Name': 'Last Name' }, searchTypes: ['Exclusion Search by Individual Name'] }, null, 2);

/** The URL with its path parameters filled in and its query parameters added; or what is missing. */
export function urlOf(op: OperationView, params: Record<string, string>): { url: string } | { error: string } {
  const missing = op.parameters.filter((p) => p.isRequired && !params[p.name]?.trim()).map((p) => p.name);
  if (missing.length) return { error: `Fill in ${missing.join(', ')}.` };
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name].trim()));
  const query = new URLSearchParams();
  for (const p of op.parameters) if (p.location === 'query' && params[p.name]?.trim()) query.set(p.name, params[p.name].trim());
  const search = query.toString();
  return { url: search ? `${path}?${search}` : path };
}

/** The fetch options of the request, or why it cannot be sent (a body that is not JSON, no file). */
export function requestOf(op: OperationView, values: TryValues, apiKey: string): { init: RequestInit } | { error: string } {
  const headers: Record<string, string> = {};
  for (const p of op.parameters) if (p.location === 'header' && values.params[p.name]?.trim()) headers[p.name] = values.params[p.name].trim();
  if (op.needsKey) headers.Authorization = `Bearer ${apiKey.trim()}`;
  const init: RequestInit = { method: op.method, headers, credentials: 'omit', cache: 'no-store' };
  if (op.formFields) {
    if (!values.file) return { error: 'Choose a CSV file to upload.' };
    const form = new FormData();
    form.append('file', values.file);
    form.append('mapping', values.mapping);
    return { init: { ...init, body: form } };
  }
  if (op.method === 'GET' || (op.body.length === 0 && !values.body.trim())) return { init };
  try {
    JSON.parse(values.body);
  } catch (error) {
    return { error: `The request body is not valid JSON: ${(error as Error).message}` };
  }
  headers['Content-Type'] = 'application/json';
  return { init: { ...init, body: values.body } };
}

const MAX_SHOWN = 20_000;

/** Sends the request and reads the answer: JSON pretty-printed, a file kept as a blob to save. */
export async function send(url: string, init: RequestInit): Promise<TryAnswer> {
  const res = await fetch(url, init);
  const contentType = res.headers.get('content-type') ?? '';
  if (!contentType.includes('json') && !contentType.startsWith('text/plain')) return { status: res.status, contentType, text: null, file: await res.blob() };
  const raw = await res.text();
  let text = raw;
  try {
    text = JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    // Shown as sent.
  }
  return { status: res.status, contentType, text: text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}\n… (${(text.length - MAX_SHOWN).toLocaleString('en-US')} more characters)` : text, file: null };
}
