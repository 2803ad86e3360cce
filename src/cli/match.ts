/** `clearlist match`: score one name pair, or a JSONL file of pairs, for tuning the threshold. */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { formatExplanation } from '../engine/explanation';
import { scorePair, type PairType } from '../engine/score-pair';
import { DEFAULT_REVIEW_THRESHOLD, MATCH_ALGORITHMS, type MatchAlgorithm } from '../engine/settings';
import { MATCH_USAGE } from './usage';

export { MATCH_USAGE };

export interface MatchIo {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
  /** Used for `--pairs -`. */
  stdin?: Readable | AsyncIterable<string | Uint8Array>;
  /** Opens a pairs file as lines (defaults to reading the file from disk). */
  openLines?: (path: string) => AsyncIterable<string>;
}

interface MatchArgs {
  positional: string[];
  type: PairType;
  threshold: number;
  algorithm: MatchAlgorithm;
  json: boolean;
  pairs: string | null;
}

function parseArgs(argv: string[]): MatchArgs | string {
  const args: MatchArgs = { positional: [], type: 'person', threshold: DEFAULT_REVIEW_THRESHOLD, algorithm: 'Fuzzy', json: false, pairs: null };
  const rest = argv[0] === 'match' ? argv.slice(1) : argv;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    const value = (): string | undefined => rest[++i];
    if (a === '--type') {
      const t = value();
      if (t !== 'person' && t !== 'business') return '--type must be person or business';
      args.type = t;
    } else if (a === '--threshold') {
      const t = Number(value());
      if (!Number.isFinite(t) || t < 0 || t > 1) return '--threshold must be a number between 0 and 1';
      args.threshold = t;
    } else if (a === '--algorithm') {
      const t = value();
      if (!MATCH_ALGORITHMS.includes(t as MatchAlgorithm)) return `--algorithm must be one of ${MATCH_ALGORITHMS.join(', ')}`;
      args.algorithm = t as MatchAlgorithm;
    } else if (a === '--json') args.json = true;
    else if (a === '--pairs') {
      const p = value();
      if (!p) return '--pairs needs a file name (or - for stdin)';
      args.pairs = p;
    } else if (a === '--help' || a === '-h') return '';
    else if (a.startsWith('-') && a !== '-') return `unknown option ${a}`;
    else args.positional.push(a);
  }
  if (args.pairs === null && args.positional.length !== 2) return 'give a query and a candidate, or --pairs <file>';
  if (args.pairs !== null && args.positional.length) return '--pairs takes no other names';
  return args;
}

async function* linesOf(source: Readable | AsyncIterable<string | Uint8Array>): AsyncIterable<string> {
  yield* createInterface({ input: source as Readable, crlfDelay: Infinity });
}

/** Runs the match command; returns the process exit code (0 ok, 1 some lines failed, 2 usage). */
export async function runMatch(argv: string[], io: MatchIo): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    if (args) io.stderr.write(`clearlist match: ${args}\n`);
    io.stderr.write(MATCH_USAGE);
    return args ? 2 : 0;
  }
  const options = { threshold: args.threshold, algorithm: args.algorithm };
  if (args.pairs === null) {
    const [a, b] = args.positional;
    const result = scorePair(a, b, args.type, options);
    if (args.json) io.stdout.write(JSON.stringify({ a, b, type: args.type, score: result.score, match: result.match, explanation: result.explanation }) + '\n');
    else io.stdout.write(formatExplanation(result.explanation) + '\n');
    return 0;
  }
  let lines: AsyncIterable<string>;
  if (args.pairs === '-') {
    if (!io.stdin) {
      io.stderr.write('clearlist match: no stdin available\n');
      return 2;
    }
    lines = linesOf(io.stdin);
  } else lines = io.openLines ? io.openLines(args.pairs) : linesOf(createReadStream(args.pairs, 'utf8'));
  let failed = 0;
  let lineNo = 0;
  try {
    for await (const line of lines) {
      lineNo++;
      if (!line.trim()) continue;
      const out = scoreLine(line, lineNo, args.type, options);
      if ('error' in out) failed++;
      io.stdout.write(JSON.stringify(out) + '\n');
    }
  } catch (err) {
    io.stderr.write(`clearlist match: cannot read ${args.pairs}: ${(err as Error).message}\n`);
    return 2;
  }
  if (failed) io.stderr.write(`clearlist match: ${failed} line(s) could not be scored\n`);
  return failed ? 1 : 0;
}

function scoreLine(line: string, lineNo: number, defaultType: PairType, options: { threshold: number; algorithm: MatchAlgorithm }): Record<string, unknown> {
  let obj: unknown;
  try {
    obj = JSON.parse(line);
  } catch {
    return { line: lineNo, error: 'not valid JSON' };
  }
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return { line: lineNo, error: 'expected an object with "a" and "b"' };
  const o = obj as Record<string, unknown>;
  if (typeof o.a !== 'string' || typeof o.b !== 'string') return { ...o, line: lineNo, error: '"a" and "b" must be strings' };
  const type = o.type === undefined ? defaultType : o.type;
  if (type !== 'person' && type !== 'business') return { ...o, line: lineNo, error: '"type" must be person or business' };
  const r = scorePair(o.a, o.b, type, options);
  return { ...o, score: r.score, match: r.match };
}
