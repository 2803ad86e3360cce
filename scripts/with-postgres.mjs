#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL cluster: initdb in a temp folder, start on a
// free loopback port, export DATABASE_URL, run, stop and delete. Uses Debian's server binaries.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('Usage: node scripts/with-postgres.mjs <command> [args…]');
  process.exit(2);
}

function findBinDir() {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(path.join(root, v, 'bin', 'initdb'))) return path.join(root, v, 'bin');
  console.error('No PostgreSQL server found under /usr/lib/postgresql. Install it: apt-get install -y postgresql');
  process.exit(1);
}

const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const bin = findBinDir();
const isRoot = process.getuid?.() === 0;
// initdb refuses to run as root: run the server as the postgres user then.
const asServerUser = (file, args) => (isRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args]);
const run = (file, args) => {
  const [f, a] = asServerUser(file, args);
  execFileSync(f, a, { stdio: ['ignore', 'ignore', 'inherit'] });
};

const dir = mkdtempSync(path.join(tmpdir(), 'clearlist-pg-'));
chmodSync(dir, 0o777);
const dataDir = path.join(dir, 'data');
const port = await freePort();
run(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200 ${process.env.WITH_POSTGRES_OPTIONS ?? ''}`, 'start']);

const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
console.log(`PostgreSQL ${path.basename(path.dirname(bin))} running for this command at ${url}`);
let code = 1;
try {
  code = await new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url }, shell: process.platform === 'win32' });
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
  });
} finally {
  const [f, a] = asServerUser(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']);
  spawnSync(f, a, { stdio: 'ignore' });
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
