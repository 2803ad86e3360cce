import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { turnOfTheLoop } from './event-loop-turn';

const busy = (ms: number): void => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

/** Work resumed by a message (the poll phase), a timer due during its first step: did the timer run before its second step? */
async function timerRanBetweenSteps(wait: () => Promise<void>): Promise<boolean> {
  const channel = new MessageChannel();
  try {
    return await new Promise<boolean>((resolve) => {
      let fired = false;
      channel.port2.once('message', async () => {
        setTimeout(() => (fired = true), 1);
        busy(10);
        await wait();
        resolve(fired);
      });
      channel.port1.postMessage('go');
    });
  } finally {
    channel.port1.close();
    channel.port2.close();
  }
}

describe('a turn of the event loop', () => {
  it('lets a timer due meanwhile run before the next step of work resumed from a message', async () => {
    expect(await timerRanBetweenSteps(turnOfTheLoop)).toBe(true);
  });

  it('is needed: one setImmediate resumes the work before the timer', async () => {
    expect(await timerRanBetweenSteps(() => new Promise<void>((resolve) => setImmediate(resolve)))).toBe(false);
  });
});
