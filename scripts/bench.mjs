#!/usr/bin/env node
// npm run bench: the benchmarks, with a throwaway PostgreSQL server when one is installed.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const args = ['bin/clearlist.mjs', 'bench', ...process.argv.slice(2)];
const withPg = !process.env.DATABASE_URL && existsSync('/usr/lib/postgresql');
// The throwaway server's buffers as docker-compose.yml sets them: with PostgreSQL's default 128 MB
// two workers read their pages back and its CPU per row doubled (ADR 085's follow-up).
const env = { ...process.env, WITH_POSTGRES_OPTIONS: process.env.WITH_POSTGRES_OPTIONS ?? '-c shared_buffers=1GB' };
const result = withPg
  ? spawnSync(process.execPath, ['scripts/with-postgres.mjs', process.execPath, ...args], { stdio: 'inherit', env })
  : spawnSync(process.execPath, args, { stdio: 'inherit' });
process.exit(result.status ?? 1);
