import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { digestFile, OPENSSL_MIN_BYTES, opensslSha256 } from './file-digest';

const dir = mkdtempSync(path.join(tmpdir(), 'clearlist-digest-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A file past the size from which `openssl` hashes it, with a name a shell would misread.
const big = Buffer.alloc(OPENSSL_MIN_BYTES + 12_345);
for (let i = 0; i < big.length; i += 1) big[i] = (i * 31 + (i >> 11)) & 0xff;
const bigFile = path.join(dir, 'npidata $(echo x) "quoted".csv');
writeFileSync(bigFile, big);
const expected = createHash('sha256').update(big).digest('hex');

describe('file digests', () => {
  it('hash a large file with the openssl command, as Node would', async () => {
    expect(await opensslSha256('openssl', bigFile)).toBe(expected);
    expect(await digestFile(bigFile)).toEqual({ name: bigFile, sha256: expected, size: big.length });
  });

  it('fall back to hashing in Node when the command is missing', async () => {
    expect(await opensslSha256(path.join(dir, 'no-such-openssl'), bigFile)).toBeNull();
    expect((await digestFile(bigFile, { openssl: path.join(dir, 'no-such-openssl') })).sha256).toBe(expected);
    expect((await digestFile(bigFile, { openssl: null })).sha256).toBe(expected);
  });

  it('hash small files in Node', async () => {
    const small = path.join(dir, 'small.csv');
    writeFileSync(small, 'NPI\n1234567893\n');
    expect((await digestFile(small, { openssl: path.join(dir, 'no-such-openssl') })).sha256).toBe(createHash('sha256').update('NPI\n1234567893\n').digest('hex'));
  });
});
