import { describe, expect, it } from 'vitest';
import { parseEnv, toAppConfig } from './config';
import { chooseLogFormat } from './log-format';
import { createLogger } from './logger';

function capture(format: 'json' | 'pretty') {
  const out: string[] = [];
  return { out, log: createLogger({ level: 'info', format, destination: { write: (line) => void out.push(line) } }) };
}

describe('LOG_FORMAT', () => {
  it('is readable on a terminal and JSON elsewhere by default, and either when asked', () => {
    const setting = (env: NodeJS.ProcessEnv) => toAppConfig(parseEnv(env), undefined).logFormat;
    expect(setting({})).toBe('auto');
    expect(chooseLogFormat(setting({}), true)).toBe('pretty');
    expect(chooseLogFormat(setting({}), false)).toBe('json');
    expect(chooseLogFormat(setting({ LOG_FORMAT: 'json' }), true)).toBe('json');
    expect(chooseLogFormat(setting({ LOG_FORMAT: 'pretty' }), false)).toBe('pretty');
    expect(() => parseEnv({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('writes JSON lines, or one readable line per entry with an error’s stack below, redacted alike', () => {
    const json = capture('json');
    json.log.warn({ batchId: 7, password: 'Secret-1' }, 'chunk retried');
    expect(JSON.parse(json.out[0])).toMatchObject({ level: 40, msg: 'chunk retried', batchId: 7, password: '[redacted]' });

    const pretty = capture('pretty');
    pretty.log.warn({ batchId: 7, password: 'Secret-1' }, 'chunk retried');
    pretty.log.error({ err: new Error('disk full') }, 'upload failed');
    expect(pretty.out[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} WARN  chunk retried batchId=7 password=\[redacted\]\n$/);
    expect(pretty.out[0]).not.toContain('{');
    const [head, error, frame] = pretty.out[1].split('\n');
    expect(head).toMatch(/ ERROR upload failed$/);
    expect(error).toBe('    Error: disk full');
    expect(frame).toMatch(/^ {4}at /);
  });
});
