/** The words a customer reads about a batch still in the batch queue (ADR 044), from its queue state. */
import type { BatchQueueState } from './batches';
import { QUEUE_NOTICE_MESSAGES } from './messages';

export interface QueueNotice {
  /** Short, for the dashboard's status cell. */
  short: string;
  /** The full sentence, for the batch's page. */
  text: string;
  /** Held by the operator's pause or behind other batches (false: being screened). */
  isWaiting: boolean;
}

/** "less than a minute", "about 4 minutes", "about 2 hours". */
export function aboutDuration(seconds: number): string {
  if (seconds < 60) return 'less than a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  return `about ${hours} hours`;
}

const batches = (n: number) => `${n.toLocaleString('en-US')} other batch${n === 1 ? '' : 'es'}`;

/** What to say about a batch in the queue; `hasStarted`: some of its rows are screened already. */
export function queueNotice(queue: BatchQueueState, hasStarted: boolean): QueueNotice {
  const place = `number ${queue.position.toLocaleString('en-US')} in the queue`;
  if (queue.state === 'paused') {
    const why = hasStarted ? QUEUE_NOTICE_MESSAGES.pausedToContinue : QUEUE_NOTICE_MESSAGES.pausedToStart;
    const ahead = queue.batchesAhead > 0 ? ` It is ${place}, behind ${batches(queue.batchesAhead)}.` : ' It is next in the queue.';
    return { short: `Paused by the operator · ${place}`, text: why + ahead, isWaiting: true };
  }
  if (queue.state === 'queued') {
    const start = queue.startsInSeconds === null ? '' : ` Estimated start: in ${aboutDuration(queue.startsInSeconds)}.`;
    return {
      short: `Queued · ${place}${queue.startsInSeconds === null ? '' : ` · starts in ${aboutDuration(queue.startsInSeconds)}`}`,
      text: `Your batch is queued behind ${batches(queue.batchesAhead)} (${place}).${start}`,
      isWaiting: true,
    };
  }
  const finish = queue.finishesInSeconds === null ? '' : ` Estimated finish: in ${aboutDuration(queue.finishesInSeconds)}.`;
  return { short: queue.finishesInSeconds === null ? 'Screening' : `Done in ${aboutDuration(queue.finishesInSeconds)}`, text: `Your batch is being screened.${finish}`, isWaiting: false };
}
