/** DATA_DIR's free-space guard (ADR 112): with an injected statfs, and the words of a start that met a full disk. */
import { describe, expect, it } from 'vitest';
import { diskFullMessage } from '#shared/disk-space';
import { describeStartError, freeBytesOf, isDiskFullError, requireStartSpace, START_MIN_FREE_BYTES } from './disk-space';

const MB = 1024 * 1024;
const statfsWith = (freeBytes: number, missing: string[] = []) => async (dir: string) => {
  if (missing.includes(dir)) throw Object.assign(new Error(`ENOENT: ${dir}`), { code: 'ENOENT' });
  return { bavail: BigInt(freeBytes / 4096), bsize: 4096n };
};

describe('the free-space guard', () => {
  it('measures the nearest existing folder of a DATA_DIR not made yet', async () => {
    expect(await freeBytesOf('/srv/data/new', statfsWith(3 * MB, ['/srv/data/new', '/srv/data']))).toBe(3 * MB);
  });

  it('answers null where statfs is not there, and a start then goes ahead', async () => {
    const broken = async () => Promise.reject(Object.assign(new Error('not supported'), { code: 'ENOSYS' }));
    expect(await freeBytesOf('/srv/data', broken)).toBeNull();
    await expect(requireStartSpace('/srv/data', broken)).resolves.toBeUndefined();
  });

  it('refuses a start below the minimum, saying what is free, what is needed and what to do', async () => {
    await expect(requireStartSpace('/srv/data', statfsWith(3 * MB))).rejects.toThrow(
      /^DATA_DIR \/srv\/data has 3 MB free; Clearlist needs at least 100 MB free to start .*Free space on that disk, or set DATA_DIR to a folder on a larger one\.$/,
    );
    await expect(requireStartSpace('/srv/data', statfsWith(START_MIN_FREE_BYTES))).resolves.toBeUndefined();
  });
});

describe('the answer of a full disk while running', () => {
  it('says what is free and that nothing was kept: an upload, or another change', () => {
    expect(diskFullMessage(2 * MB + 5)).toBe("The server's disk is full (DATA_DIR has 2 MB free): the upload was not stored. Ask your administrator to free space.");
    expect(diskFullMessage(0, 'change')).toBe("The server's disk is full (DATA_DIR has 0 MB free): the change was not saved. Ask your administrator to free space.");
    expect(diskFullMessage(null)).toBe("The server's disk is full: the upload was not stored. Ask your administrator to free space.");
  });
});

describe('a start that met a full disk', () => {
  // What PGlite threw on a full 4 MB volume (printed as "[object Object]"), and on 40 MB.
  const pgliteErrno = Object.assign(Object.create({ name: 'ErrnoError' }), { name: 'ErrnoError', errno: 51 });
  const failedQuery = Object.assign(new Error('Failed query: \nCREATE UNIQUE INDEX "monitoring_runs_roster_version" …'), {
    cause: Object.assign(new Error('could not extend file "base/5/17323": wrote only 4096 of 8192 bytes at block 0'), { code: '53100' }),
  });
  const nodeEnospc = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

  it.each([
    ['PGlite file system errno', pgliteErrno],
    ['a failed query over PostgreSQL disk_full', failedQuery],
    ["Node's ENOSPC", nodeEnospc],
  ])('names the disk for %s', async (_, error) => {
    expect(isDiskFullError(error)).toBe(true);
    const words = await describeStartError(error, '/srv/data', statfsWith(2 * MB));
    expect(words).toMatch(/^The disk is full: DATA_DIR \/srv\/data has 2 MB free space left, and Clearlist needs at least 100 MB free to start\./);
    expect(words).not.toContain('[object Object]');
  });

  it('prints any other failure as its message and causes, never [object Object]', async () => {
    const error = new Error('could not open the database', { cause: new Error('permission denied') });
    expect(isDiskFullError(error)).toBe(false);
    expect(await describeStartError(error)).toBe('could not open the database\ncaused by: permission denied');
    expect(await describeStartError({ name: 'ErrnoError', errno: 2 })).toBe('ErrnoError 2');
    expect(await describeStartError('plain words')).toBe('plain words');
  });
});
