/**
 * A whole turn of the event loop before going on: what a long piece of work on the serving thread
 * waits for between its steps, so that searches and requests waiting meanwhile get answered (ADR 091).
 *
 * One `setImmediate` is not that. Resumed from a callback of the loop's poll phase (a worker thread's
 * message, a socket's data), it runs in the check phase of the same turn, before any timer and before
 * the loop polls again for requests: two steps of work then run back to back. Two of them, one inside
 * the other, put the next step after a timers phase and a poll phase, from whichever phase the work
 * resumed, for no fixed delay (a `setTimeout` waits at least 1 ms).
 */
export function turnOfTheLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}
