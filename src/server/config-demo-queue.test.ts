import { describe, expect, it } from 'vitest';
import { parseEnv, toAppConfig } from './config';

const demoQueuePaused = (env: NodeJS.ProcessEnv) => toAppConfig(parseEnv(env), undefined).demoQueuePaused;

describe('DEMO_QUEUE_PAUSED', () => {
  it('leaves the demo queue running unless asked to start it paused (ADR 128)', () => {
    expect(demoQueuePaused({})).toBe(false);
    expect(demoQueuePaused({ DEMO_QUEUE_PAUSED: 'false' })).toBe(false);
    expect(demoQueuePaused({ DEMO_QUEUE_PAUSED: 'true' })).toBe(true);
    expect(demoQueuePaused({ DEMO_QUEUE_PAUSED: '1' })).toBe(true);
  });
});
