/**
 * The batch queue's pause switch (ADR 038): one row in `settings`, read by every process
 * before it starts a pausable job. Running jobs finish; queued ones stay queued in pg-boss.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { settings } from '../db/schema';

const KEY = 'batch-queue-pause';

export interface PauseState {
  isPaused: boolean;
  /** Who paused it (a username, or "demo seed") and when; null while running. */
  by: string | null;
  at: string | null;
}

export async function readPause(db: Db): Promise<PauseState> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
  const value = (row?.value ?? null) as Partial<PauseState> | null;
  return value?.isPaused ? { isPaused: true, by: value.by ?? null, at: value.at ?? null } : { isPaused: false, by: null, at: null };
}

/** Sets the switch; answers false when it was already in that position (nothing changed). */
export async function writePause(db: Db, isPaused: boolean, by: string, at: Date): Promise<boolean> {
  const value: PauseState = isPaused ? { isPaused, by, at: at.toISOString() } : { isPaused: false, by: null, at: null };
  const changed = await db
    .insert(settings)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value }, setWhere: sql`coalesce((${settings.value}->>'isPaused')::boolean, false) <> ${isPaused}` })
    .returning({ key: settings.key });
  return changed.length > 0;
}
