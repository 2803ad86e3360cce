/**
 * A CPU profile of one measured phase of a bench (not of its loading): set
 * CLEARLIST_BENCH_PROFILE=<folder> and each phase writes <folder>/<name>.cpuprofile, to open in
 * Chrome DevTools or any .cpuprofile viewer. Unset, it costs nothing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

export async function profiled<T>(name: string, run: () => Promise<T>): Promise<T> {
  const dir = process.env.CLEARLIST_BENCH_PROFILE;
  if (!dir) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}
