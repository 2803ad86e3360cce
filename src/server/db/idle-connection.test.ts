/**
 * On a PostgreSQL server, an idle pooled connection the server ends (a restart, an
 * administrator's termination, a test database dropped WITH (FORCE)) must not end the process.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('an idle connection ended by the PostgreSQL server', () => {
  it('is reported and dropped, and the next query opens another', async () => {
    const reported: string[] = [];
    const database = await openDatabase({ url, onIdleError: (error) => reported.push(String((error as { code?: string }).code)) });
    try {
      const { rows } = await database.sql('SELECT pg_backend_pid() AS pid');
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
      await admin.end();
      for (let i = 0; i < 500 && reported.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(reported).toEqual(['57P01']);
      expect(database.pool!.idleCount).toBe(0);
      expect((await database.sql('SELECT 1 AS one')).rows[0].one).toBe(1);
    } finally {
      await database.close();
    }
  });
});
