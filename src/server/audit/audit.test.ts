import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app';
import { auditLog } from '#server/db/schema';
import { recordAudit } from './audit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the audit log', () => {
  it('is append-only: updates, deletes and truncation are refused by the database', async () => {
    await recordAudit(t.ctx.db, { action: 'test.entry', details: { n: 1 } });
    const [row] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'test.entry'));
    expect(row.details).toEqual({ n: 1 });
    await expect(t.ctx.db.update(auditLog).set({ action: 'changed' }).where(eq(auditLog.id, row.id))).rejects.toThrow();
    await expect(t.ctx.db.delete(auditLog).where(eq(auditLog.id, row.id))).rejects.toThrow();
    await expect(t.ctx.database.sql('TRUNCATE audit_log')).rejects.toThrow();
    const [still] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.id, row.id));
    expect(still.action).toBe('test.entry');
  });
});
