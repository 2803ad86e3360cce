#!/usr/bin/env node
// npm run bench: the benchmarks, with a throwaway PostgreSQL server when one is installed.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const args = ['bin/clearlist.mjs', 'bench', ...process.argv.slice(2)];
const withPg = !process.env.DATABASE_URL && existsSync('/usr/lib/postgresql');
const result = withPg
  ? spawnSync(process.execPath, ['scripts/with-postgres.mjs', process.execPath, ...args], { stdio: 'inherit' })
  : spawnSync(process.execPath, args, { stdio: 'inherit' });
process.exit(result.status ?? 1);
