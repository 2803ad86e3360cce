/**
 * A bench's view into the screening threads: with CLEARLIST_THREAD_PROFILE=<folder> each thread
 * writes its CPU profile there every 5 s (`<thread>-<n>.cpuprofile`: a terminated thread writes
 * nothing at its end, so the profile is cut in slices as it goes). Unset, it costs nothing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

export function profileThreadInSlices(dir = process.env.CLEARLIST_THREAD_PROFILE): void {
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const session = new Session();
  session.connect();
  let n = 0;
  const start = () => session.post('Profiler.enable', () => session.post('Profiler.start'));
  start();
  setInterval(() => {
    session.post('Profiler.stop', (err, res) => {
      if (!err) writeFileSync(path.join(dir, `${threadId}-${String(n++).padStart(4, '0')}.cpuprofile`), JSON.stringify(res.profile));
      start();
    });
  }, 5000).unref();
}
