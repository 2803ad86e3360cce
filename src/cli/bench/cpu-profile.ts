/**
 * A CPU profile of this thread (a .cpuprofile for DevTools or the profile tools): the batch bench's
 * main thread (BENCH_CPU_PROFILE, ADR 082) and the swap phases' serving thread (ADR 086 follow-up).
 * `intervalUs`: the sampling interval (V8's default 1,000 µs). `startedAtMs`: performance.now() when
 * sampling began, to set the profile's samples beside the bench's own times.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

export async function startProfile(intervalUs?: number) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  if (intervalUs) await session.post('Profiler.setSamplingInterval', { interval: intervalUs });
  await session.post('Profiler.start');
  const startedAtMs = performance.now();
  return {
    startedAtMs,
    async stopInto(file: string, extra?: Record<string, unknown>) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(extra ? { ...profile, clearlist: { startedAtMs, ...extra } } : profile));
      session.disconnect();
    },
  };
}
