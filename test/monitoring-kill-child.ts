/**
 * A monitoring worker for monitoring-kill.test.ts: runs one monitoring run on the data folder and
 * says when each chunk's transaction has committed, until the test kills it with SIGKILL.
 */
import { testConfig } from '#server/config';
import { openDatabase } from '#server/db/client';
import { runMonitoring } from '#server/monitoring/run';

const [dataDir, runId] = [process.argv[2], Number(process.argv[3])];
const database = await openDatabase({ dataDir });
const config = testConfig({ dataDir, batchChunkRows: 100, batchScreenWorkers: 0 });
// Says when the run has written its third chunk (300 rows); the test kills the process then. Other
// transactions commit on the way (a page read of the lists' records runs in one, ADR 086 follow-up),
// so the run's own row is read after each commit. PGlite does not flush every commit to its files
// (a killed process loses its last transactions, whole), so the worker checkpoints there first: the
// kill then finds three chunks on disk and resumes after them, as a worker on PostgreSQL would after
// any commit.
const db = database.db;
const transaction = db.transaction.bind(db);
let told = false;
db.transaction = (async (work: Parameters<typeof transaction>[0]) => {
  const out = await transaction(work);
  if (!told) {
    const { rows } = await database.sql('SELECT rows_done FROM monitoring_runs WHERE id = $1', [runId]);
    if (Number(rows[0]?.rows_done) >= 300) {
      told = true;
      await database.sql('CHECKPOINT');
      process.stdout.write('committed\n');
    }
  }
  return out;
}) as typeof db.transaction;
await runMonitoring({ db: database.db, now: () => new Date(), config }, runId);
process.stdout.write('finished\n');
await database.close();
