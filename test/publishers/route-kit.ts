/** The pieces the stand-in's publisher routes are made of: sample files, HTML pages, file answers (halved in `half` mode). */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { halveCsv, halveLines, halveXlsx } from './halves';
import type { PublisherAnswer, PublisherRoute, RouteContext } from './types';

const SAMPLES = fileURLToPath(new URL('../../data/samples', import.meta.url));

/** The one sample file of a state (the first, by name, when there are several). */
export function sampleOf(source: string, index = 0): { name: string; bytes: Buffer } {
  const dir = path.join(SAMPLES, source);
  const name = readdirSync(dir).sort()[index];
  return { name, bytes: readFileSync(path.join(dir, name)) };
}

const TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain',
  html: 'text/html; charset=utf-8',
};

export const html = (title: string, body: string) => `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><header><a href="/">Home</a></header><main>${body}</main></body></html>`;

export function page(source: string, body: string): PublisherRoute {
  return { source, kind: 'page', answer: () => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body }) };
}

/** A sample file, halved in `half` mode when its kind allows. */
export function file(source: string, bytes: Buffer, kind: string): PublisherRoute {
  let half: Promise<Buffer> | null = null;
  const halve = (): Promise<Buffer> =>
    (half ??= kind === 'csv' ? Promise.resolve(halveCsv(bytes)) : kind === 'txt' ? Promise.resolve(halveLines(bytes)) : kind === 'xlsx' ? halveXlsx(bytes) : Promise.resolve(bytes));
  return {
    source,
    kind: 'file',
    async answer(_request, ctx: RouteContext): Promise<PublisherAnswer> {
      return { headers: { 'content-type': TYPES[kind] ?? 'application/octet-stream' }, body: ctx.failure === 'half' ? await halve() : bytes };
    },
  };
}

/** A route key from a publisher URL: host and decoded path. */
export const key = (url: string) => {
  const u = new URL(url);
  return `${u.host}${decodeURIComponent(u.pathname)}`;
};
