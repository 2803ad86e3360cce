/**
 * A draft's rows as a dry run of its mapping read and checked them, held for the submission of
 * the same mapping that follows (ADR 098): the mapping page checks the file before it submits
 * it, and the submission would read and check every row again. Held per database and process,
 * for a few minutes, for a couple of drafts at most (a 100,000-row file is some tens of MB);
 * taken once. A file never changes under a draft, and the key holds all else the check reads:
 * the mapping as given, the client's search options, the sheet and the day (a date of birth
 * may not be in the future).
 */
import type { Db } from '../db/client';

const HOLD_MS = 5 * 60_000;
const MAX_HELD = 2;

interface Held<T> {
  key: string;
  value: T;
  until: number;
}

const heldByDb = new WeakMap<Db, Held<unknown>[]>();

export interface CheckKey {
  batchId: number;
  sha256: string;
  sheetName: string | null;
  input: unknown;
  options: readonly string[];
  today: Date;
}

const keyText = (k: CheckKey): string => JSON.stringify([k.batchId, k.sha256, k.sheetName, k.today.toISOString().slice(0, 10), [...k.options].sort(), k.input]);

/** Holds a dry run's check of a draft (the oldest held goes beyond MAX_HELD). */
export function holdCheckedRows<T>(db: Db, key: CheckKey, value: T, now = Date.now()): void {
  const text = keyText(key);
  const held = (heldByDb.get(db) ?? []).filter((h) => h.until > now && h.key !== text);
  held.push({ key: text, value, until: now + HOLD_MS });
  heldByDb.set(db, held.slice(-MAX_HELD));
}

/** Takes (and forgets) the check held for this key, if a dry run left one that is still fresh. */
export function takeCheckedRows<T>(db: Db, key: CheckKey, now = Date.now()): T | null {
  const text = keyText(key);
  const held = heldByDb.get(db) ?? [];
  const found = held.find((h) => h.key === text && h.until > now);
  heldByDb.set(
    db,
    held.filter((h) => h !== found && h.until > now),
  );
  return found ? (found.value as T) : null;
}
