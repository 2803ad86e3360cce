/** From a download plan to the files to fetch: LIST_URLS as given, or the recipe run at the publisher. */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { DownloadPlan } from '../update-sources';
import { SERVICES } from './recipes';
import { resolveRecipe, type AcquireContext, type Acquired } from './resolve';
import { PublisherError } from './web';

export async function acquire(plan: Exclude<DownloadPlan, { kind: 'not-configured' }>, ctx: AcquireContext): Promise<Acquired[]> {
  if (plan.kind === 'ready') return plan.files.map((f) => ({ kind: 'url', url: f.url, fileName: f.fileName, request: f.request }));
  return resolveRecipe(plan.recipe, ctx, SERVICES);
}

/** A file a service wrote, as a download is described: its checksum and size. */
export async function describeWritten(filePath: string, name: string) {
  const hash = createHash('sha256');
  await pipeline(createReadStream(filePath), hash);
  return { url: '', path: filePath, name, sha256: hash.digest('hex'), size: (await stat(filePath)).size };
}

/** A publisher's block or error page answered with 200 where a list file was expected (research §4.7). */
export async function refuseWebPage(filePath: string, name: string): Promise<void> {
  if (/\.(html?|aspx?)$/i.test(name)) return;
  const handle = await open(filePath, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(512), 0, 512, 0);
    const head = buffer.subarray(0, bytesRead).toString('latin1').replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart().toLowerCase();
    if (head.startsWith('<!doctype html') || head.startsWith('<html')) {
      throw new PublisherError(`the publisher answered a web page where ${name} was expected: a page that blocks servers, or the link now leads to a page; upload the file instead if it keeps happening`);
    }
  } finally {
    await handle.close();
  }
}
