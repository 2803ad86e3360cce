/**
 * A data folder holding a completed batch of N rows (default 20,000) for looking at the results
 * page and the reports by hand (issue 14): the results bench's batch (one exclusion match in five
 * rows, an NPI and an SSDMF result per row) and an owner to sign in with.
 *
 *   npx tsx scripts/seed-results-batch.ts DATA_DIR [rows]
 *   DATA_DIR=… PORT=… node bin/clearlist.mjs serve
 */
import { openDatabase } from '#server/db/client';
import { createClient, createUser } from '#test/factories';
import { seedBatch } from '../src/cli/bench/results-seed';

const [dataDir, rowsArg] = process.argv.slice(2);
if (!dataDir) {
  console.error('usage: npx tsx scripts/seed-results-batch.ts DATA_DIR [rows]');
  process.exit(2);
}
const database = await openDatabase({ dataDir });
await database.migrate();
const client = await createClient(database.db, { name: 'Results Check Health', searchOptions: ['NAME', 'NPI', 'SSNDMF'] });
const user = await createUser(database.db, { clientId: client.id, username: 'reviewer', roles: ['account_owner_user', 'name_search_user', 'npi_search_user'] });
const batchId = await seedBatch(database, client.id, user.id, Number(rowsArg ?? 20_000));
await database.close();
console.log(`batch ${batchId}: sign in as ${user.username} / ${user.password}, then open /flex-search/${batchId}/details`);
