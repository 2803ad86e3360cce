/**
 * A local stand-in for the list publishers in browser tests (no outside network): serves a
 * Medicare opt-out file slowly, so the Lists page shows each stage of a check live, and
 * answers 404 for SAM.gov's extract. `POST /control/optout?variant=half` makes it publish a
 * file with every second person left out (a file the Lists page holds for approval, ADR 109),
 * `variant=full` the whole file again. Started by playwright.config.ts beside the server.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const port = Number(process.argv[2] ?? 8182);
const base = readFileSync(new URL('../data/samples/optout/optout-affidavits.csv', import.meta.url), 'utf8');
const [header, ...rows] = base.trimEnd().split('\n');
// The sample's 400 people and 3,600 more made from them (other NPIs), about 0.8 MB.
const more = [];
for (let copy = 1; copy < 10; copy += 1) {
  for (const row of rows) more.push(row.replace(/^"([^"]*)","([^"]*)","(\d{10})"/, (_, first, last, npi) => `"${first}","${last}${copy}","${String((Number(npi) + copy * 7919) % 1e10).padStart(10, '1')}"`));
}
const everyone = [...rows, ...more];
const variants = {
  full: Buffer.from(`${[header, ...everyone].join('\n')}\n`),
  half: Buffer.from(`${[header, ...everyone.filter((_, i) => i % 2 === 0)].join('\n')}\n`),
};
let optout = variants.full;
const CHUNKS = 20;
const CHUNK_DELAY_MS = 250;

createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
  if (path === '/health') return void res.end('ok');
  if (path === '/control/optout' && req.method === 'POST') {
    const variant = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('variant') ?? '';
    if (!(variant in variants)) return void res.writeHead(400).end('variant is full or half');
    optout = variants[variant];
    return void res.end(variant);
  }
  if (path !== '/optout/optout-affidavits.csv') return void res.writeHead(404).end('not found');
  const body = optout; // the file published when the download began
  res.writeHead(200, { 'content-type': 'text/csv', 'content-length': body.length });
  const size = Math.ceil(body.length / CHUNKS);
  let sent = 0;
  const next = () => {
    if (res.destroyed) return;
    res.write(body.subarray(sent, sent + size));
    sent += size;
    if (sent >= body.length) res.end();
    else setTimeout(next, CHUNK_DELAY_MS);
  };
  next();
}).listen(port, '127.0.0.1');
