/** The `clearlist` command-line entry: serve, demo, db:migrate, lists, billing, screen, match, bench. */
import path from 'node:path';
import { parseEnv } from '#server/config';
import { openConfiguredDatabase, startServer } from '#server/main';
import { seedDemo } from './demo-seed';

const USAGE = `Usage: clearlist <command>

Commands:
  serve         run Clearlist (web app, API, jobs) on PORT (default 8080)
  demo          run Clearlist with demo accounts (DATA_DIR defaults to ./data/demo)
  worker        run background jobs only (needs DATABASE_URL; serve runs them itself)
  db:migrate    apply database migrations and exit
  lists         import, update and show the exclusion lists:
                  lists import <source> <file…> [--json] [--mode full|incremental]
                  lists update [<source>…] [--json]
                  lists status [--json]
  billing       run the daily billing by hand (issue last month's invoices on and after the
                first business day, charge what is due): billing run [--date YYYY-MM-DD] [--json]
  bench         measure speed and memory against the targets (npm run bench)
  screen        screen a CSV file against the active lists:
                  screen <file.csv> --map "First Name=first,Last Name=last,NPI=npi,…" [--out results.csv]
                  [--threshold 0.8] [--algorithm Fuzzy|Exact]
  match         score two names: clearlist match "<query>" "<candidate>" [--type person|business]
                or a file of pairs: clearlist match --pairs <file.jsonl>

Configuration comes from the environment; see the README.`;

type Command = (args: string[]) => Promise<number>;

const COMMANDS: Record<string, Command> = {
  serve: async () => runUntilSignal(process.env),
  demo: async () => {
    const env = { ...process.env, DATA_DIR: process.env.DATA_DIR || path.join('data', 'demo') };
    return runUntilSignal(env, async (ctx) => {
      if (await seedDemo(ctx.db, ctx.now())) console.log('Seeded the demo accounts (password Demo-pass-2026).');
    });
  },
  worker: async () => {
    const { startWorker } = await import('#server/worker');
    const worker = await startWorker(process.env);
    await waitForSignal();
    await worker.stop();
    return 0;
  },
  'db:migrate': async () => {
    const database = await openConfiguredDatabase(parseEnv(process.env));
    await database.close();
    console.log('Migrations applied.');
    return 0;
  },
  lists: async (args) => {
    const { runLists } = await import('./lists');
    return runLists(args, { stdout: process.stdout, stderr: process.stderr });
  },
  billing: async (args) => {
    const { runBilling } = await import('./billing');
    return runBilling(args, { stdout: process.stdout, stderr: process.stderr });
  },
  bench: async (args) => {
    const { runBench } = await import('./bench');
    return runBench(args);
  },
  screen: async (args) => {
    const { runScreen } = await import('./screen');
    return runScreen(args, { stdout: process.stdout, stderr: process.stderr });
  },
  match: async (args) => {
    const { runMatch } = await import('./match');
    return runMatch(args, { stdout: process.stdout, stderr: process.stderr });
  },
};

export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(USAGE);
    return name ? 0 : 1;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${USAGE}`);
    return 2;
  }
  try {
    return await command(args);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

async function runUntilSignal(env: NodeJS.ProcessEnv, prepare?: Parameters<typeof startServer>[1]): Promise<number> {
  const running = await startServer(env, prepare);
  await waitForSignal();
  await running.stop();
  return 0;
}

/** How long a stop may take before the process exits anyway (orchestrators kill at 10–30 s). */
const STOP_DEADLINE_MS = 10_000;

/**
 * Resolves on the first SIGINT or SIGTERM. From then on the process must end: a second signal,
 * or a stop still running after the deadline, exits at once (unfinished jobs are retried).
 */
function waitForSignal(): Promise<void> {
  return new Promise<void>((resolve) => {
    const onSignal = () => {
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
      const force = () => {
        console.error('Stopping took too long; exiting now (unfinished jobs will be retried).');
        process.exit(1);
      };
      process.once('SIGINT', force);
      process.once('SIGTERM', force);
      setTimeout(force, STOP_DEADLINE_MS).unref();
      resolve();
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}
