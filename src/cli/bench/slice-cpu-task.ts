/**
 * The slice-cpu bench's pool task (ADR 092): screens the slices with `screenChunkSlice` on this
 * thread, reading this thread's own CPU around each, with a digest of every result text and near miss.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { SearchIndex } from '#engine/index-parts';
import { screenChunkSlice, type ChunkSliceInput } from '#server/screening/chunk-screening';

export interface SliceCpu {
  ms: number;
  digest: string;
  results: number;
}

/** This thread's CPU time (Linux). */
const threadMs = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;

export async function runTask(index: SearchIndex, payload: { slices: ChunkSliceInput[]; profile: string | null }): Promise<SliceCpu> {
  const session = payload.profile ? new Session() : null;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 500 });
    await session.post('Profiler.start');
  }
  const digest = createHash('sha256');
  let ms = 0;
  let results = 0;
  for (const slice of payload.slices) {
    const started = threadMs();
    const out = await screenChunkSlice(index, slice);
    ms += threadMs() - started;
    results += out.results.length;
    for (const text of out.results) digest.update(text);
    digest.update(JSON.stringify(out.nearMisses));
    if (out.recordsToCopy) digest.update(JSON.stringify(out.recordsToCopy));
  }
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(payload.profile!, JSON.stringify(profile));
    session.disconnect();
  }
  return { ms, digest: digest.digest('hex').slice(0, 16), results };
}
