/** The `clearlist` command-line entry: serve, demo, db:migrate, lists, billing, screen, match, bench. */
import path from 'node:path';
import { parseEnv } from '#server/config';
import { openConfiguredDatabase, startServer, type StartOptions } from '#server/main';
import { importMissingSamples } from '#server/lists/samples';
import { describeStartError } from '#server/http/disk-space';
import { seedDemo } from './demo-seed';
import { seedDemoQueue } from '#server/batches/queue-demo';
import { BILLING_USAGE, LISTS_USAGE, MATCH_USAGE, SCREEN_USAGE } from './usage';

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
                  lists sources [--json]
  billing       run the daily billing by hand (issue last month's invoices on and after the
                first business day, charge what is due): billing run [--date YYYY-MM-DD] [--json]
  bench         measure speed and memory against the targets (npm run bench)
  screen        screen a CSV file against the active lists:
                  screen <file.csv> --map "First Name=first,Last Name=last,NPI=npi,…" [--out results.csv]
                  [--threshold 0.8] [--algorithm Fuzzy|Exact]
  match         score two names: clearlist match "<query>" "<candidate>" [--type person|business]
                or a file of pairs: clearlist match --pairs <file.jsonl>

clearlist <command> --help shows a command's options; an unknown option is refused (exit 2).

Configuration comes from the environment; see the README.`;

interface Command {
  /** Printed by `clearlist <command> --help` (exit 0) and after a usage error (exit 2). */
  usage: string;
  /** Commands without options refuse any argument, so a typo never starts a server. */
  takesArguments: boolean;
  run(args: string[]): Promise<number>;
}

const COMMANDS: Record<string, Command> = {
  serve: { usage: 'Usage: clearlist serve\n  run Clearlist (web app, API, jobs); configuration comes from the environment (README).', takesArguments: false, run: async () => runUntilSignal(process.env) },
  demo: {
    usage: 'Usage: clearlist demo\n  run Clearlist with the demo accounts (DATA_DIR defaults to ./data/demo).',
    takesArguments: false,
    run: async () => {
      const env = { ...process.env, DATA_DIR: process.env.DATA_DIR || path.join('data', 'demo') };
      return runUntilSignal(env, { isDemo: true, prepare: async (ctx) => {
        // Only the demo searches the shipped synthetic samples (ADR 114).
        await importMissingSamples(ctx.db, ctx.now(), (line) => console.log(line));
        if (!(await seedDemo(ctx.db, ctx.now()))) return;
        await seedDemoQueue(ctx);
        console.log('Seeded the demo accounts (password Demo-pass-2026).');
        if (ctx.config.demoQueuePaused) console.log('The demo batch queue starts paused (DEMO_QUEUE_PAUSED): resume it in Settings > Batch Queue Management.');
      } });
    },
  },
  worker: {
    usage: 'Usage: clearlist worker\n  run background jobs only, beside `clearlist serve` processes (needs DATABASE_URL).',
    takesArguments: false,
    run: async () => {
      const { startWorker } = await import('#server/worker');
      const worker = await startWorker(process.env);
      await waitForSignal();
      await worker.stop();
      return 0;
    },
  },
  'db:migrate': {
    usage: 'Usage: clearlist db:migrate\n  apply the database migrations of DATA_DIR or DATABASE_URL and exit.',
    takesArguments: false,
    run: async () => {
      const database = await openConfiguredDatabase(parseEnv(process.env));
      await database.close();
      console.log('Migrations applied.');
      return 0;
    },
  },
  lists: {
    usage: LISTS_USAGE,
    takesArguments: true,
    run: async (args) => {
      const { runLists } = await import('./lists');
      return runLists(args, { stdout: process.stdout, stderr: process.stderr });
    },
  },
  billing: {
    usage: BILLING_USAGE,
    takesArguments: true,
    run: async (args) => {
      const { runBilling } = await import('./billing');
      return runBilling(args, { stdout: process.stdout, stderr: process.stderr });
    },
  },
  bench: {
    usage: 'Usage: clearlist bench [--only lists|engine|batch|results|interactive-search|index-start|national-serving]\n  measure speed and memory against the targets (npm run bench).',
    takesArguments: true,
    run: async (args) => {
      const { runBench } = await import('./bench');
      return runBench(args);
    },
  },
  screen: {
    usage: SCREEN_USAGE,
    takesArguments: true,
    run: async (args) => {
      const { runScreen } = await import('./screen');
      return runScreen(args, { stdout: process.stdout, stderr: process.stderr });
    },
  },
  match: {
    usage: MATCH_USAGE.trimEnd(),
    takesArguments: true,
    run: async (args) => {
      const { runMatch } = await import('./match');
      return runMatch(args, { stdout: process.stdout, stderr: process.stderr });
    },
  },
};

/** Errors of node:util parseArgs (unknown option, missing value…): a usage error. */
function isUsageError(error: unknown): error is Error {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}

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
  const options = args.slice(0, args.includes('--') ? args.indexOf('--') : args.length);
  if (options.includes('--help') || options.includes('-h')) {
    console.log(command.usage);
    return 0;
  }
  if (!command.takesArguments && args.length > 0) {
    console.error(`clearlist ${name}: unknown argument "${args[0]}"; it takes none.\n\n${command.usage}`);
    return 2;
  }
  try {
    return await command.run(args);
  } catch (error) {
    if (isUsageError(error)) {
      console.error(`clearlist ${name}: ${error.message}\n\n${command.usage}`);
      return 2;
    }
    // Whatever was thrown, in words: its message and causes; a full disk says so (ADR 112).
    const dataDir = process.env.DATA_DIR || (name === 'demo' ? path.join('data', 'demo') : './data');
    console.error(await describeStartError(error, dataDir));
    return 1;
  }
}

async function runUntilSignal(env: NodeJS.ProcessEnv, options?: StartOptions): Promise<number> {
  const running = await startServer(env, options);
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
