/**
 * Which findings a higher review threshold would drop are of the kinds the engine knows are often
 * the same person (issue 52): read from each finding's stored explanation (the engine's fields
 * and their methods, its name notes), never by screening again. Counted in the database with
 * jsonpath, so a large batch's explanations are not read out.
 */
import { sql, type SQL } from 'drizzle-orm';
import { DROPPED_SIGNS, type DroppedExample, type DroppedSign, type DroppedVariants } from '#shared/review-threshold';
import { findListSource } from '#lists/sources';
import type { Db } from '../db/client';

const NAME_FIELD = '(@.queryField == "firstName" || @.queryField == "middleName" || @.queryField == "lastName" || @.queryField == "name")';

/**
 * Each sign as a jsonpath over the stored explanation (`Explanation` of src/engine/explanation.ts):
 * the field methods of token-similarity.ts and dates.ts, the arrangement notes of person-score.ts.
 */
export const SIGN_PATHS: Record<DroppedSign, string> = {
  nickname: '$.fields[*] ? (@.method == "nickname")',
  nameTypo: `$.fields[*] ? (@.method == "typo" && ${NAME_FIELD})`,
  soundAlike: `$.fields[*] ? (@.method == "phonetic" && ${NAME_FIELD})`,
  // One typo away: a day apart, one digit, two digits of the year swapped ('near'), day and month swapped ('transposed').
  dobTypo: '$.fields[*] ? (@.queryField == "dateOfBirth" && (@.method == "near" || @.method == "transposed"))',
  nameOrder: '$.adjustments[*] ? (@.reason == "name: first and last names swapped" || @.reason == "name: same names in another order")',
  sameIdentifier: '$.fields[*] ? ((@.queryField == "npi" || @.queryField == "ssn" || @.queryField == "ein") && @.method == "exact")',
  sameDob: '$.fields[*] ? (@.queryField == "dateOfBirth" && @.method == "exact")',
};

const EXAMPLES = 5;
/** Candidates read for the examples: enough to find one of each sign among the best scored. */
const CANDIDATES = 200;
/** Nothing dropped shows a sign (or nothing is dropped). */
export const noDroppedVariants = (): DroppedVariants => ({ findings: 0, counts: Object.fromEntries(DROPPED_SIGNS.map((s) => [s, 0])) as Record<DroppedSign, number>, examples: [] });

type SignRow = Record<DroppedSign, boolean>;
interface ExampleRow extends SignRow {
  row_index: number;
  score: number;
  source: string | null;
  row_name: string | null;
  list_name: string | null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The batch's exclusion findings scored under `threshold` (as the stored real) that show a sign, counted by sign, with examples. */
export async function droppedVariants(db: Db, batchId: number, threshold: number): Promise<DroppedVariants> {
  const signColumns = sql.join(
    DROPPED_SIGNS.map((s) => sql`jsonb_path_exists(r.explanation, ${SIGN_PATHS[s]}::jsonpath) AS ${sql.identifier(s)}`),
    sql`, `,
  );
  const anySign = sql.join(
    DROPPED_SIGNS.map((s) => sql`d.${sql.identifier(s)}`),
    sql` OR `,
  );
  const dropped = (select: SQL) => sql`WITH d AS (
      SELECT r.row_index, r.score, r.source, r.record, r.explanation -> 'matchedName' ->> 'value' AS matched, ${signColumns}
      FROM batch_results r
      WHERE r.batch_id = ${batchId} AND r.result_type = 'exclusions' AND r.score < ${threshold}::real
    ) ${select}`;

  const [counts] = rowsOf<{ findings: number } & Record<DroppedSign, number>>(
    await db.execute(
      dropped(sql`SELECT (count(*) FILTER (WHERE ${anySign}))::int AS findings, ${sql.join(
        DROPPED_SIGNS.map((s) => sql`(count(*) FILTER (WHERE d.${sql.identifier(s)}))::int AS ${sql.identifier(s)}`),
        sql`, `,
      )} FROM d`),
    ),
  );
  if (!counts || counts.findings === 0) return noDroppedVariants();

  // One candidate per pair of names (a roster repeats people, a person is on several lists), best score first.
  const candidates = rowsOf<ExampleRow>(
    await db.execute(
      dropped(sql`SELECT * FROM (
        SELECT DISTINCT ON (lower(row_name), lower(list_name)) * FROM (
          SELECT d.row_index, d.score, d.source, ${sql.join(
            DROPPED_SIGNS.map((s) => sql`d.${sql.identifier(s)}`),
            sql`, `,
          )},
            coalesce(nullif(concat_ws(' ', nullif(b.values ->> 'First Name', ''), nullif(b.values ->> 'Middle Name', ''), nullif(b.values ->> 'Last Name', '')), ''), nullif(b.values ->> 'Company Name', '')) AS row_name,
            coalesce(d.matched, nullif(concat_ws(' ', d.record ->> 'firstName', d.record ->> 'middleName', d.record ->> 'lastName'), ''), d.record ->> 'businessName') AS list_name
          FROM d LEFT JOIN batch_rows b ON b.batch_id = ${batchId} AND b.row_index = d.row_index
          WHERE ${anySign}
        ) named
        ORDER BY lower(row_name), lower(list_name), score DESC, row_index
      ) pairs
      ORDER BY score DESC, row_index
      LIMIT ${CANDIDATES}`),
    ),
  );
  const examples = pickExamples(candidates);
  return {
    findings: counts.findings,
    counts: Object.fromEntries(DROPPED_SIGNS.map((s) => [s, counts[s]])) as Record<DroppedSign, number>,
    examples: examples.map(toExample),
  };
}

/** The best scored example of each sign shown, then the best scored others; highest score first. */
export function pickExamples<T extends SignRow & { score: number; row_index: number }>(candidates: T[]): T[] {
  const chosen = new Set<T>();
  for (const sign of DROPPED_SIGNS) {
    if (chosen.size === EXAMPLES) break;
    const first = candidates.find((c) => c[sign] && !chosen.has(c));
    if (first && ![...chosen].some((c) => c[sign])) chosen.add(first);
  }
  for (const c of candidates) if (chosen.size < EXAMPLES) chosen.add(c);
  return [...chosen].sort((a, b) => b.score - a.score || a.row_index - b.row_index);
}

function toExample(r: ExampleRow): DroppedExample {
  return {
    rowIndex: r.row_index,
    rowName: r.row_name,
    listName: r.list_name,
    list: r.source ? (findListSource(r.source)?.title ?? r.source) : null,
    signs: DROPPED_SIGNS.filter((s) => r[s]),
    score: Math.round(r.score * 1000) / 1000,
  };
}
