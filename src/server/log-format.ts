/**
 * How the console shows the log (LOG_FORMAT): JSON lines for machines (a file, a collector,
 * a pipe), readable lines for a person at a terminal. The lines are the logger's own JSON,
 * already redacted and scrubbed (logger.ts), so the readable form shows nothing more.
 */
import type { DestinationStream } from 'pino';

export type LogFormatSetting = 'auto' | 'json' | 'pretty';
export type LogFormat = 'json' | 'pretty';

/** `auto` is readable on a terminal and JSON anywhere else; `json` and `pretty` are taken as asked. */
export function chooseLogFormat(setting: LogFormatSetting, isTerminal: boolean): LogFormat {
  if (setting !== 'auto') return setting;
  return isTerminal ? 'pretty' : 'json';
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
// Shown in the line's head, or of no use to a reader (the process is the one they started).
const HEAD_KEYS = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'v']);

function clock(time: unknown): string {
  const date = new Date(typeof time === 'number' ? time : Date.now());
  return date.toISOString().slice(11, 23);
}

function errorLines(value: unknown): string[] {
  if (!value || typeof value !== 'object') return [];
  const error = value as { type?: string; message?: string; stack?: string; cause?: unknown };
  const head = `    ${error.type ?? 'Error'}: ${error.message ?? ''}`;
  const stack = (error.stack ?? '').split('\n').filter(Boolean).map((frame) => `    ${frame.trim()}`);
  const cause = errorLines(error.cause).map((line) => `  ${line}`);
  return [head, ...stack, ...(cause.length ? ['    caused by:', ...cause] : [])];
}

/** One JSON log line as a person reads it: `12:04:31.207 INFO  message key=value`, an error's stack below. */
export function formatLogLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const level = (LEVELS[entry.level as number] ?? String(entry.level)).padEnd(5);
  const fields: string[] = [];
  const below: string[] = [];
  for (const [key, value] of Object.entries(entry)) {
    if (HEAD_KEYS.has(key) || value === undefined) continue;
    if (key === 'err' || key === 'error') below.push(...errorLines(value));
    else fields.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  const head = [clock(entry.time), level, typeof entry.msg === 'string' ? entry.msg : '', ...fields].filter(Boolean).join(' ');
  return [head, ...below].join('\n') + '\n';
}

/** A destination writing each of the logger's lines to `out` in readable form. */
export function prettyDestination(out: { write(text: string): unknown }): DestinationStream {
  return { write: (line: string) => void out.write(formatLogLine(line.trimEnd())) };
}
