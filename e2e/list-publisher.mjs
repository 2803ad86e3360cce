/**
 * A local stand-in for the list publishers in browser tests (no outside network): serves a
 * Medicare opt-out file slowly, so the Lists page shows each stage of a check live, and
 * answers 404 for SAM.gov's extract. Started by playwright.config.ts beside the server.
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
const optout = Buffer.from(`${[header, ...rows, ...more].join('\n')}\n`);
const CHUNKS = 20;
const CHUNK_DELAY_MS = 250;

createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
  if (path === '/health') return void res.end('ok');
  if (path !== '/optout/optout-affidavits.csv') return void res.writeHead(404).end('not found');
  res.writeHead(200, { 'content-type': 'text/csv', 'content-length': optout.length });
  const size = Math.ceil(optout.length / CHUNKS);
  let sent = 0;
  const next = () => {
    if (res.destroyed) return;
    res.write(optout.subarray(sent, sent + size));
    sent += size;
    if (sent >= optout.length) res.end();
    else setTimeout(next, CHUNK_DELAY_MS);
  };
  next();
}).listen(port, '127.0.0.1');
