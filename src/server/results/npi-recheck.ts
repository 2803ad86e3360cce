/**
 * Start-up step (ADR 033): NPI results of batches screened before the name agreement and shared-NPI
 * rules (ADR 023) were cleared on "valid and active" alone. Each stored CLEARED NPI result without
 * those checks is checked again against the NPPES record it was screened with; one whose name
 * disagrees, or whose NPI another row of the batch carries, becomes a finding to review with a
 * history entry saying why. Results a reviewer has changed are left alone. Idempotent: a result
 * checked once carries the checks' fields and is never selected again.
 */
import { sql } from 'drizzle-orm';
import { buildIndex } from '#engine/index-builder';
import { checkNpiInIndex } from '#engine/npi-check';
import type { ListRecord } from '#shared/list-record';
import { npiFindings, type StoredNpiExplanation } from '#shared/npi-words';
import { recordBatchEvent, batchNpiUses } from '../batches/public';
import { MAX_SHARED_ROWS_NAMED, npiHolderName, npiKey } from '../screening/row-screening';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

/** Who the history entries name. */
export const NPI_RECHECK_ACTOR = 'Clearlist (NPI re-check)';
const PAGE = 500;

interface Candidate {
  id: number;
  batch_id: number;
  client_id: number;
  submitted_at: Date | string | null;
  row_index: number;
  explanation: StoredNpiExplanation & Record<string, unknown>;
  record: ListRecord | null;
  values: Record<string, string>;
}

export interface RecheckOutcome {
  checked: number;
  findings: number;
}

/** The stored CLEARED NPI results screened before ADR 023 that no reviewer has touched, a page at a time. */
function candidatesAfter(db: Db, afterId: number): Promise<Candidate[]> {
  return rowsOf<Candidate>(
    db,
    sql`SELECT r.id::int AS id, r.batch_id, b.client_id, b.submitted_at, r.row_index, r.explanation, r.record, br.values
        FROM batch_results r
        JOIN batches b ON b.id = r.batch_id
        JOIN batch_rows br ON br.batch_id = r.batch_id AND br.row_index = r.row_index
        WHERE r.result_type = 'npi' AND r.review_status = 'CLEARED' AND r.id > ${afterId}
          AND b.status = 'Completed' AND NOT (r.explanation ? 'sharedCount')
          AND NOT EXISTS (SELECT 1 FROM review_history h WHERE h.result_id = r.id)
        ORDER BY r.id LIMIT ${PAGE}`,
  );
}

/** The result's explanation under today's rules, and why it is a finding (empty when still clear). */
async function reevaluate(db: Db, c: Candidate): Promise<{ explanation: Record<string, unknown>; findings: string[] }> {
  const check = c.explanation.npiCheck ?? null;
  const npi = c.values.NPI ?? check?.npi ?? '';
  const name = npiHolderName(c.values);
  let nameAgreement = check?.nameAgreement ?? null;
  if (name && c.record && npi) {
    // The NPPES record the batch was screened with, checked by the engine's own rules.
    nameAgreement = checkNpiInIndex(buildIndex([c.record]), npi, name).nameAgreement;
  }
  const uses = await batchNpiUses(db, { id: c.batch_id, submittedAt: c.submitted_at ? new Date(c.submitted_at) : null });
  const others = npi ? (uses.get(npiKey(npi)) ?? []).filter((u) => u.rowIndex !== c.row_index) : [];
  const explanation = {
    ...c.explanation,
    npiCheck: check ? { ...check, nameAgreement } : check,
    sharedWith: others.slice(0, MAX_SHARED_ROWS_NAMED).map((u) => ({ rowNumber: u.rowIndex + 1, uniqueId: u.uniqueId })),
    sharedCount: others.length,
  };
  // The result was cleared, so only the two new rules can make it a finding now.
  return { explanation, findings: npiFindings(explanation as StoredNpiExplanation) };
}

/** Re-checks every such result once; answers how many were checked and how many became findings. */
export async function recheckClearedNpiResults(db: Db, now: Date): Promise<RecheckOutcome> {
  const outcome: RecheckOutcome = { checked: 0, findings: 0 };
  const perBatch = new Map<number, { clientId: number; checked: number; findings: number }>();
  for (let after = 0; ; ) {
    const page = await candidatesAfter(db, after);
    if (!page.length) break;
    after = page.at(-1)!.id;
    for (const c of page) {
      const { explanation, findings } = await reevaluate(db, c);
      const batch = perBatch.get(c.batch_id) ?? { clientId: c.client_id, checked: 0, findings: 0 };
      perBatch.set(c.batch_id, batch);
      batch.checked++;
      outcome.checked++;
      const json = JSON.stringify({ ...explanation, recheckedAt: now.toISOString() });
      if (!findings.length) {
        await db.execute(sql`UPDATE batch_results SET explanation = ${json}::jsonb WHERE id = ${c.id} AND review_status = 'CLEARED'`);
        continue;
      }
      batch.findings++;
      outcome.findings++;
      const note = `Re-checked with the NPI name and shared-NPI rules introduced after this batch was screened; it had been cleared automatically. ${findings.join(' ')}`;
      await db.transaction(async (tx) => {
        const moved = await rowsOf(tx as unknown as Db, sql`UPDATE batch_results SET review_status = 'NONCLEARED', latest_note = ${note}, explanation = ${json}::jsonb WHERE id = ${c.id} AND review_status = 'CLEARED' RETURNING id`);
        if (!moved.length) return;
        await tx.execute(sql`INSERT INTO review_history (client_id, batch_id, result_id, kind, from_status, to_status, note, user_id, user_name, changed_at)
          VALUES (${c.client_id}, ${c.batch_id}, ${c.id}, 'change', 'CLEARED', 'NONCLEARED', ${note}, NULL, ${NPI_RECHECK_ACTOR}, ${now.toISOString()}::timestamptz)`);
        await tx.execute(sql`UPDATE batches SET to_review = to_review + 1 WHERE id = ${c.batch_id}`);
      });
    }
  }
  for (const [batchId, b] of perBatch) {
    await recordBatchEvent(db, { batchId, clientId: b.clientId, kind: 'npi-rechecked', userId: null, at: now, details: { checked: b.checked, findings: b.findings } });
  }
  return outcome;
}
