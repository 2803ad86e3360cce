import { describe, expect, it } from 'vitest';
import { aboutDuration, queueNotice } from './batch-queue-notice';
import { QUEUE_NOTICE_MESSAGES } from './messages';

const place = { position: 3, batchesAhead: 2, startsInSeconds: null, finishesInSeconds: null };

describe('queueNotice', () => {
  it('says the operator paused screening, that the batch starts (or continues) when it resumes, and its place', () => {
    expect(queueNotice({ ...place, state: 'paused' }, false)).toEqual({
      short: 'Paused by the operator · number 3 in the queue',
      text: `${QUEUE_NOTICE_MESSAGES.pausedToStart} It is number 3 in the queue, behind 2 other batches.`,
      isWaiting: true,
    });
    expect(queueNotice({ ...place, state: 'paused', position: 1, batchesAhead: 0 }, true).text).toBe(`${QUEUE_NOTICE_MESSAGES.pausedToContinue} It is next in the queue.`);
  });

  it('says how many batches are ahead and the estimated start when the queue knows its speed', () => {
    expect(queueNotice({ ...place, state: 'queued', position: 2, batchesAhead: 1, startsInSeconds: 250 }, false)).toEqual({
      short: 'Queued · number 2 in the queue · starts in about 4 minutes',
      text: 'Your batch is queued behind 1 other batch (number 2 in the queue). Estimated start: in about 4 minutes.',
      isWaiting: true,
    });
    expect(queueNotice({ ...place, state: 'queued' }, false).text).toBe('Your batch is queued behind 2 other batches (number 3 in the queue).');
  });

  it('says a running batch is being screened, with its finish when known', () => {
    expect(queueNotice({ ...place, state: 'running', finishesInSeconds: 30 }, true)).toEqual({ short: 'Done in less than a minute', text: 'Your batch is being screened. Estimated finish: in less than a minute.', isWaiting: false });
  });
});

describe('aboutDuration', () => {
  it('rounds to minutes, then hours', () => {
    expect([59, 60, 89, 5_340, 5_400, 7_200].map(aboutDuration)).toEqual(['less than a minute', 'about 1 minute', 'about 1 minute', 'about 89 minutes', 'about 2 hours', 'about 2 hours']);
  });
});
