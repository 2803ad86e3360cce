/** SQL expressions shared by the results queries: derived statuses and the carry-forward hashes. */
import { sql, type SQL } from 'drizzle-orm';

/** Whole numbers as one array parameter's text (`{1,2,3}`): thousands of separate parameters are slow to bind. */
export const intArrayText = (ids: readonly number[]): string => `{${ids.map((id) => Math.trunc(Number(id))).join(',')}}`;

/** The text of a text-array parameter: every element quoted, its quotes and backslashes escaped. */
export const textArrayText = (values: readonly string[]): string => `{${values.map((v) => `"${v.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;

/** `= ANY(ids)` with one array parameter. */
export const anyId = (ids: readonly number[]): SQL => sql`= ANY(${intArrayText(ids)}::bigint[])`;

/** A list of values as `(a, b, c)` parameters. */
export const sqlList = (values: readonly (string | number)[]): SQL => sql`(${sql.join(values.map((v) => sql`${v}`), sql`, `)})`;

/** NPI status of an npi result (spec §3 status groups): VALID, INACTIVE, INVALID, ERROR. */
export const npiStatusSql = sql`(CASE
  WHEN jsonb_typeof(r.explanation->'npiCheck') IS DISTINCT FROM 'object' THEN 'ERROR'
  WHEN (r.explanation->'npiCheck'->>'valid') IS DISTINCT FROM 'true' OR (r.explanation->'npiCheck'->>'found') IS DISTINCT FROM 'true' THEN 'INVALID'
  WHEN r.explanation->'npiCheck'->>'status' = 'deactivated' THEN 'INACTIVE'
  ELSE 'VALID' END)`;

/** FOUND / NOT_FOUND / null of a boolean (or absent) flag of the explanation. */
export const flagSql = (key: 'optedOut' | 'excluded' | 'found'): SQL =>
  sql`(CASE r.explanation->>${sql.raw(`'${key}'`)} WHEN 'true' THEN 'FOUND' WHEN 'false' THEN 'NOT_FOUND' ELSE NULL END)`;

/**
 * The same criteria: md5 of the row's mapped values, trimmed, spaces collapsed, lower case,
 * keys in jsonb's canonical order (so the column order of the file does not matter).
 */
export const criteriaHashSql = (values: SQL): SQL =>
  sql`md5(lower(coalesce((SELECT jsonb_object_agg(e.key, regexp_replace(btrim(e.value), '\\s+', ' ', 'g')) FROM jsonb_each_text(${values}) e WHERE btrim(e.value) <> ''), '{}'::jsonb)::text))`;

/** The same list record: md5 of its content without the acquisition date (a re-import is not a change), as jsonb's text: the hash of a record stored as json (ADR 095) is the one it had as jsonb. */
export const recordHashSql = (record: SQL): SQL => sql`md5((${record}::jsonb - 'dateAcquired')::text)`;
