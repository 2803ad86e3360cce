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

describe('SCREEN_THREAD_NICE of a server and of a worker (ADR 088)', () => {
  const nice = (env: ReturnType<typeof parseEnv>) => toAppConfig(env, undefined).screenThreadNice;
  it('a server’s screening threads yield to its main thread, a worker’s keep its priority, unless the setting says otherwise', () => {
    expect(nice(parseEnv({}))).toBe(10);
    expect(nice(parseWorkerEnv({}))).toBe(0);
    expect(nice(parseWorkerEnv({ SCREEN_THREAD_NICE: '' }))).toBe(0);
    expect(nice(parseWorkerEnv({ SCREEN_THREAD_NICE: '5' }))).toBe(5);
    expect(nice(parseEnv({ SCREEN_THREAD_NICE: '0' }))).toBe(0);
    expect(() => parseEnv({ SCREEN_THREAD_NICE: '20' })).toThrow(/SCREEN_THREAD_NICE/);
  });
});
