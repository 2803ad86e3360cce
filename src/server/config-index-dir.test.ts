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

describe('INDEX_PARTS (ADR 068)', () => {
  it('keeps one index by default, splits it by source when asked, refuses anything else', () => {
    expect(toAppConfig(parseEnv({}), undefined).indexParts).toBe('one');
    expect(toAppConfig(parseEnv({ INDEX_PARTS: 'sources' }), undefined).indexParts).toBe('sources');
    expect(() => parseEnv({ INDEX_PARTS: 'many' })).toThrow(/INDEX_PARTS/);
  });
});
