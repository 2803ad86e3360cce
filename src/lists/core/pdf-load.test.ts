/**
 * pdf.js's legacy build replaces built-ins of the process with core-js polyfills
 * (Array.prototype.push, JSON.parse, Set methods): the server and the worker load it with the
 * first PDF list read, not at start (ADR 093). In a child process: vitest's own may have loaded it.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { root } from '#test/server-process';

const run = promisify(execFile);

const PROBE = `
const polyfilled = () => '__core-js_shared__' in globalThis || 'pdfjsLib' in globalThis;
await import('./src/server/main.ts');
await import('./src/server/worker.ts');
const atStart = polyfilled();
await import('./src/lists/core/pdf-read.ts');
console.log(JSON.stringify({ atStart, afterPdfRead: polyfilled() }));
`;

describe('pdf.js', () => {
  it('is not loaded with the server or the worker, only with a PDF read', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PROBE], { cwd: root, timeout: 60_000 });
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({ atStart: false, afterPdfRead: true });
  });
});
