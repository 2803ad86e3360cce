import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runMatch } from './match';

function capture(): { io: { stdout: { write(s: string): void }; stderr: { write(s: string): void } }; out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return { io: { stdout: { write: (s: string) => void (out += s) }, stderr: { write: (s: string) => void (err += s) } }, out: () => out, err: () => err };
}

async function* lines(...l: string[]): AsyncIterable<string> {
  yield* l;
}

describe('clearlist match', () => {
  it('prints the score and explanation of one pair', async () => {
    const c = capture();
    expect(await runMatch(['match', 'Bob Smith', 'Robert Smith'], c.io)).toBe(0);
    expect(c.out()).toMatch(/^score 0\.\d{3} \(match at threshold 0\.800, algorithm Fuzzy\)/);
    expect(c.out()).toContain('firstName "bob" ~ firstName "robert"');
  });

  it('scores businesses and honours --threshold and --json', async () => {
    const c = capture();
    expect(await runMatch(['Acme Home Health LLC', 'Acme Home Care Inc', '--type', 'business', '--threshold', '0.5', '--json'], c.io)).toBe(0);
    const parsed = JSON.parse(c.out());
    expect(parsed).toMatchObject({ type: 'business', match: true });
    expect(parsed.explanation.threshold).toBe(0.5);
  });

  it('scores a JSONL file of pairs in order, keeping each object', async () => {
    const c = capture();
    const code = await runMatch(['--pairs', 'pairs.jsonl'], {
      ...c.io,
      openLines: () => lines('{"a":"Bob Smith","b":"Robert Smith","type":"person","id":7}', '', '{"a":"Acme LLC","b":"Zeta Inc","type":"business"}'),
    });
    expect(code).toBe(0);
    const out = c.out().trim().split('\n').map((l) => JSON.parse(l));
    expect(out).toHaveLength(2);
    expect(out[0]).toMatchObject({ a: 'Bob Smith', id: 7, match: true });
    expect(out[1]).toMatchObject({ a: 'Acme LLC', match: false });
    expect(typeof out[1].score).toBe('number');
  });

  it('reads pairs from stdin and reports bad lines without stopping', async () => {
    const c = capture();
    const stdin = new PassThrough();
    stdin.end('not json\n{"a":"x"}\n{"a":"Jon Smith","b":"John Smith"}\n');
    expect(await runMatch(['--pairs', '-'], { ...c.io, stdin })).toBe(1);
    const out = c.out().trim().split('\n').map((l) => JSON.parse(l));
    expect(out.map((o) => o.error ?? o.match)).toEqual(['not valid JSON', '"a" and "b" must be strings', true]);
    expect(c.err()).toContain('2 line(s) could not be scored');
  });

  it('explains usage errors', async () => {
    const c = capture();
    expect(await runMatch(['only-one'], c.io)).toBe(2);
    expect(await runMatch(['a', 'b', '--type', 'vessel'], c.io)).toBe(2);
    expect(c.err()).toContain('Usage:');
    expect(await runMatch(['--pairs', '/nonexistent/file.jsonl'], c.io)).toBe(2);
  });
});
