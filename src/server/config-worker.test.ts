import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { parseEnv, parseWorkerEnv, toAppConfig } from './config';

const threads = (env: ReturnType<typeof parseEnv>) => toAppConfig(env, undefined).batchScreenWorkers;

describe('BATCH_SCREEN_WORKERS of a server and of a worker (ADR 082, 083)', () => {
  it('a server screens on one thread per core, a worker on one thread, unless the setting says otherwise', () => {
    expect(threads(parseEnv({}))).toBe(Math.min(64, availableParallelism()));
    expect(threads(parseWorkerEnv({}))).toBe(1);
    expect(threads(parseWorkerEnv({ BATCH_SCREEN_WORKERS: '' }))).toBe(1);
    expect(threads(parseWorkerEnv({ BATCH_SCREEN_WORKERS: '3' }))).toBe(3);
    expect(threads(parseWorkerEnv({ BATCH_SCREEN_WORKERS: '0' }))).toBe(0);
    expect(() => parseWorkerEnv({ BATCH_SCREEN_WORKERS: 'many' })).toThrow(/BATCH_SCREEN_WORKERS/);
  });
});
