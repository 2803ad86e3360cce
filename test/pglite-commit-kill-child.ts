/**
 * For pglite-settings.test.ts: opens the embedded database in a folder as the server does, commits
 * statements of large rows (more than the WAL buffers hold between two commits), says so, and is
 * killed with SIGKILL without closing it.
 */
import { openDatabase } from '#server/db/client';

const database = await openDatabase({ dataDir: process.argv[2] });
await database.sql('CREATE TABLE written (id int PRIMARY KEY, v text)');
await database.sql('CHECKPOINT');
for (let i = 0; i < 40; i++) {
  await database.sql(`INSERT INTO written SELECT g, repeat(md5(g::text), 64) FROM generate_series($1::int * 1000, $1::int * 1000 + 999) g`, [i]);
}
process.stdout.write('committed\n');
process.kill(process.pid, 'SIGKILL');
