import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv, testConfig, toAppConfig } from './config';

const indexDir = (env: NodeJS.ProcessEnv) => toAppConfig(parseEnv(env), undefined).indexDir;

describe('INDEX_DIR', () => {
  it('defaults to DATA_DIR/index, takes a folder, or "off"', () => {
    expect(indexDir({ DATA_DIR: '/srv/clearlist' })).toBe(path.resolve('/srv/clearlist/index'));
    expect(indexDir({ DATA_DIR: '/srv/clearlist', INDEX_DIR: '/fast/index' })).toBe(path.resolve('/fast/index'));
    expect(indexDir({ INDEX_DIR: 'off' })).toBeNull();
    // Tests and tools write no index files unless they ask.
    expect(testConfig().indexDir).toBeNull();
  });
});

describe('INDEX_PARTS (ADR 068, 077)', () => {
  it('splits the index by source by default, keeps one index when asked, refuses anything else', () => {
    expect(toAppConfig(parseEnv({}), undefined).indexParts).toBe('sources');
    expect(toAppConfig(parseEnv({ INDEX_PARTS: 'one' }), undefined).indexParts).toBe('one');
    expect(() => parseEnv({ INDEX_PARTS: 'many' })).toThrow(/INDEX_PARTS/);
  });
});

describe('INDEX_IN_THREAD (ADR 072, 077)', () => {
  it('makes the index on a worker thread by default, on the serving thread with 0 or false, refuses anything else', () => {
    expect(toAppConfig(parseEnv({}), undefined).indexInThread).toBe(true);
    expect(toAppConfig(parseEnv({ INDEX_IN_THREAD: '1' }), undefined).indexInThread).toBe(true);
    expect(toAppConfig(parseEnv({ INDEX_IN_THREAD: '0' }), undefined).indexInThread).toBe(false);
    expect(toAppConfig(parseEnv({ INDEX_IN_THREAD: 'false' }), undefined).indexInThread).toBe(false);
    expect(() => parseEnv({ INDEX_IN_THREAD: 'yes' })).toThrow(/INDEX_IN_THREAD/);
  });
});
