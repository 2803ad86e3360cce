/**
 * A new file of a roster compared with its members (ADR 053): who was added, who is gone, and
 * whose fields changed, field by field. People are told apart by the unique id column when
 * both the roster and the file have one, else by name and date of birth (company name for a
 * business); two people with the same key are paired in file order.
 */
import type { DiffPerson, FieldChange, RosterDiff } from '#shared/roster-intake';

/** A member or file row as stored in `batch_rows`. */
export interface StoredMember {
  values: Record<string, string>;
  additional: Record<string, string>;
  uniqueId: string | null;
}

export interface RosterMember extends StoredMember {
  rowIndex: number;
}

/** What applying needs and the page does not see. */
export interface DiffPlan {
  added: StoredMember[];
  changed: { rowIndex: number; member: StoredMember }[];
  removed: number[];
}

const norm = (v: string | undefined) => (v ?? '').normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

export function nameOf(values: Record<string, string>): string {
  const person = [values['First Name'], values['Middle Name'], values['Last Name']].filter((v) => v && v.trim()).join(' ');
  return person || values['Company Name'] || '(no name)';
}

function keyOf(m: StoredMember, byUniqueId: boolean): string {
  if (byUniqueId && m.uniqueId) return `id:${norm(m.uniqueId)}`;
  const v = m.values;
  if (!v['First Name'] && !v['Last Name'] && v['Company Name']) return `co:${norm(v['Company Name'])}`;
  return `p:${norm(v['Last Name'])}|${norm(v['First Name'])}|${norm(v['Date of Birth'])}`;
}

/** An SSN reads as its last four digits on the page and in the stored comparison. */
const shown = (field: string, value: string) => (field === 'SSN' && value ? `•••-••-${value.replace(/\D/g, '').slice(-4)}` : value);

function fieldsOf(m: StoredMember): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(m.values)) if (v) out[k] = shown(k, v);
  if (m.uniqueId) out['Unique ID'] = m.uniqueId;
  for (const [k, v] of Object.entries(m.additional)) if (v && !(k in out)) out[k] = v;
  return out;
}

function personOf(m: StoredMember, key: string, rowIndex: number | null): DiffPerson {
  return { key, name: nameOf(m.values), fields: fieldsOf(m), rowIndex };
}

/** Field by field: a field present on one side only counts as changed from or to empty. */
export function fieldChanges(before: StoredMember, after: StoredMember): FieldChange[] {
  const out: FieldChange[] = [];
  const compare = (field: string, a: string | null | undefined, b: string | null | undefined) => {
    if ((a ?? '').trim() !== (b ?? '').trim()) out.push({ field, before: shown(field, a ?? ''), after: shown(field, b ?? '') });
  };
  const criteria = new Set([...Object.keys(before.values), ...Object.keys(after.values)]);
  for (const f of criteria) compare(f, before.values[f], after.values[f]);
  compare('Unique ID', before.uniqueId, after.uniqueId);
  const labels = new Set([...Object.keys(before.additional), ...Object.keys(after.additional)]);
  for (const f of labels) if (!criteria.has(f)) compare(f, before.additional[f], after.additional[f]);
  return out;
}

/** Pairs each key's people in order: the n-th member with key k is the n-th row of the file with key k. */
function keyed<T extends StoredMember>(rows: readonly T[], byUniqueId: boolean): Map<string, T> {
  const out = new Map<string, T>();
  const seen = new Map<string, number>();
  for (const r of rows) {
    const base = keyOf(r, byUniqueId);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    out.set(n === 1 ? base : `${base}#${n}`, r);
  }
  return out;
}

export function diffRoster(members: readonly RosterMember[], incoming: readonly StoredMember[], o: { byUniqueId: boolean; skippedRows: number }): { diff: RosterDiff; plan: DiffPlan } {
  const before = keyed(members, o.byUniqueId);
  const after = keyed(incoming, o.byUniqueId);
  const diff: RosterDiff = { matchedBy: o.byUniqueId ? 'unique-id' : 'name-and-birth-date', added: [], removed: [], changed: [], unchanged: 0, skippedRows: o.skippedRows };
  const plan: DiffPlan = { added: [], changed: [], removed: [] };
  for (const [key, row] of after) {
    const member = before.get(key);
    if (!member) {
      diff.added.push(personOf(row, key, null));
      plan.added.push(row);
      continue;
    }
    const changes = fieldChanges(member, row);
    if (changes.length === 0) {
      diff.unchanged += 1;
      continue;
    }
    diff.changed.push({ person: personOf(row, key, member.rowIndex), changes });
    plan.changed.push({ rowIndex: member.rowIndex, member: row });
  }
  for (const [key, member] of before) {
    if (after.has(key)) continue;
    diff.removed.push(personOf(member, key, member.rowIndex));
    plan.removed.push(member.rowIndex);
  }
  return { diff, plan };
}
