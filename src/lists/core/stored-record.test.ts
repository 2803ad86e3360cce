import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { emptyListRecord, type ListRecord } from '#shared/list-record';
import { findListSource } from '../sources';
import { runAll } from '../test-helpers';
import { expandStoredRecord, storedRecordJson } from './stored-record';

const SAMPLES = fileURLToPath(new URL('../../../data/samples/', import.meta.url));

describe('stored record form', () => {
  it('leaves out null values, empty arrays and an empty extra, and keeps the rest in order', () => {
    const record = { ...emptyListRecord('leie', 'A1', 'person'), lastName: 'SMITH', akas: ['JOHN SMYTHE'], extra: {} };
    expect(storedRecordJson(record)).toBe('{"source":"leie","sourceRecordId":"A1","kind":"person","lastName":"SMITH","akas":["JOHN SMYTHE"]}');
  });

  it('keeps empty strings (extra.entityTypeCode of a deactivated NPI is "")', () => {
    const record = { ...emptyListRecord('nppes', '1234567893', 'person'), extra: { entityTypeCode: '' } };
    expect(JSON.parse(storedRecordJson(record)).extra).toEqual({ entityTypeCode: '' });
  });

  it.each(readdirSync(SAMPLES).sort())('gives back every %s sample record whole, field for field', async (dir) => {
    const files = readdirSync(`${SAMPLES}${dir}`).sort().map((name) => `${SAMPLES}${dir}/${name}`);
    const { records } = await runAll(findListSource(dir)!.parse(files, { dateAcquired: '2026-11-22' }));
    for (const record of records) expect(expandStoredRecord(storedRecordJson(record))).toStrictEqual(record);
  });

  it('writes the text JSON.stringify gives for the kept fields, escapes included', () => {
    // What the form was made with before it was written a field at a time (ADR 067).
    const reference = (record: ListRecord): string => {
      const kept: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(record)) {
        if (key === 'dateAcquired' || value === null || (Array.isArray(value) && value.length === 0)) continue;
        if (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) continue;
        kept[key] = value;
      }
      if (record.dateAcquired !== null) kept.dateAcquired = record.dateAcquired;
      return JSON.stringify(kept);
    };
    const odd = ['say "hi"', 'C:\\path\\x', 'tab\there', 'line\nbreak', '\u0001\u001f', 'lone \ud800 surrogate', 'pair 😀', 'sep \u2028 \u2029', 'é ñ 中', 'del \u007f', ''];
    for (const text of odd) {
      const record = { ...emptyListRecord('nppes', text || 'X', 'person'), lastName: text, akas: [text, 'B'], extra: { note: text }, dateAcquired: text };
      expect(storedRecordJson(record)).toBe(reference(record));
      expect(expandStoredRecord(storedRecordJson(record))).toStrictEqual(record);
    }
    const bare = { ...emptyListRecord('sam', 'S', 'business'), dateAcquired: null };
    expect(storedRecordJson(bare)).toBe(reference(bare));
  });

  it('reads a record stored whole, as before this form, and a parsed object', () => {
    const record = { ...emptyListRecord('sam', 'S-1', 'business'), businessName: 'ACME LLC', dbas: ['ACME'] };
    expect(expandStoredRecord(JSON.stringify(record))).toStrictEqual(record);
    expect(expandStoredRecord(JSON.parse(storedRecordJson(record)))).toStrictEqual(record);
  });
});
