/**
 * A test database that already holds every shipped sample list, imported at a given time. The
 * import is slow (each state file is parsed in its own guarded thread, ADR 112: most of a second
 * per list), and a dozen test files start from the same lists: a test run imports them once per
 * time and copies the result, PGlite from a dump of its data folder, PostgreSQL from a template
 * database. The copies live for one run only (test/global-setup.ts makes their folder and removes
 * it, and drops the templates), so a parser changed between runs is never hidden by an old copy.
 * Outside a vitest run (no folder named), the samples are imported into each database as before.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '#server/db/client';
import { importMissingSamples } from '#server/lists/samples';

/** The run's folder of templates, named by test/global-setup.ts. */
export const TEMPLATES_ENV = 'CLEARLIST_TEST_TEMPLATES';
/** Prefix of the run's template databases on a PostgreSQL server; the run's id follows. */
export const TEMPLATE_DB_PREFIX = 'clearlist_tpl_';

const keyOf = (samplesAt: Date): string => createHash('sha256').update(samplesAt.toISOString()).digest('hex').slice(0, 12);

/** Takes the build of one template: true for the caller that is to build it, false when another process is at it. */
function claim(lock: string): boolean {
  try {
    closeSync(openSync(lock, 'wx'));
    return true;
  } catch {
    return false;
  }
}

/** How long a process waits for another's template before importing the samples itself. */
const WAIT_MS = 180_000;

/**
 * Whether `file` is there, waiting while another process builds it (its lock taken, the file not
 * yet written): waiting costs no more than the import it spares.
 */
async function awaitBuilt(file: string): Promise<boolean> {
  const until = Date.now() + WAIT_MS;
  while (!existsSync(file) && existsSync(`${file}.lock`) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 200));
  return existsSync(file);
}

/**
 * An in-memory PGlite holding the samples imported at `samplesAt`: opened from the run's dump when
 * there is one, else imported here (and dumped for the next file, when this process is the first).
 */
export async function pgliteWithSamples(samplesAt: Date): Promise<Database> {
  const dir = process.env[TEMPLATES_ENV];
  const dump = dir && path.join(dir, `pglite-${keyOf(samplesAt)}.tar`);
  const building = Boolean(dump) && !(await awaitBuilt(dump as string)) && claim(`${dump}.lock`);
  if (dump && !building && (await awaitBuilt(dump))) {
    const database = await openDatabase({ loadDataDir: new Blob([readFileSync(dump)]) });
    await database.migrate();
    return database;
  }
  const database = await openDatabase({});
  try {
    await database.migrate();
    await importMissingSamples(database.db, samplesAt);
    if (dump && building) {
      const blob = await database.pglite!.dumpDataDir('none');
      writeFileSync(`${dump}.part`, Buffer.from(await blob.arrayBuffer()));
      renameSync(`${dump}.part`, dump);
    }
  } catch (error) {
    // The others wait for a template only while its lock is there.
    if (dump && building) rmSync(`${dump}.lock`, { force: true });
    await database.close();
    throw error;
  }
  return database;
}

/**
 * Creates database `name` on the server of `adminUrl` holding the samples imported at
 * `samplesAt`: a copy of the run's template when there is one; else an empty database into which
 * the caller imports them (answers false), after building the template when this process is the
 * first to ask.
 */
export async function createPostgresWithSamples(adminUrl: string, name: string, samplesAt: Date): Promise<boolean> {
  const dir = process.env[TEMPLATES_ENV];
  const runId = dir ? path.basename(dir).replace(/[^a-z0-9]/gi, '').toLowerCase() : '';
  const template = `${TEMPLATE_DB_PREFIX}${runId}_${keyOf(samplesAt)}`;
  const ready = dir && path.join(dir, `${template}.ready`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    if (ready && !(await awaitBuilt(ready)) && claim(`${ready}.lock`)) {
      try {
        await admin.query(`CREATE DATABASE ${template}`);
        const url = new URL(adminUrl);
        url.pathname = `/${template}`;
        const database = await openDatabase({ url: url.toString() });
        try {
          await database.migrate();
          await importMissingSamples(database.db, samplesAt);
        } finally {
          await database.close();
        }
        writeFileSync(ready, template);
      } catch (error) {
        rmSync(`${ready}.lock`, { force: true });
        throw error;
      }
    }
    if (ready && (await awaitBuilt(ready))) {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return true;
    }
    await admin.query(`CREATE DATABASE ${name}`);
    return false;
  } finally {
    await admin.end();
  }
}

/** Drops the run's template databases (test/global-setup.ts, at the run's end). */
export async function dropTemplates(adminUrl: string, dir: string): Promise<void> {
  const runId = path.basename(dir).replace(/[^a-z0-9]/gi, '').toLowerCase();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${TEMPLATE_DB_PREFIX}${runId}_%`]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  } finally {
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The start of the current hour: the sample time of the tests that seed the demo at the real
 * clock (the demo imports the lists it lacks at its start), so the files of one run share a template.
 */
export function thisHour(): Date {
  const now = new Date();
  now.setUTCMinutes(0, 0, 0);
  return now;
}
