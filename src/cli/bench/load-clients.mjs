// The load generator of the interactive-http bench, run as a child process so that its own CPU
// time is not the server's: N signed-in clients (one session each) each send one name search at
// a time, back to back, for the given seconds. Reads its plan as JSON on argv[2]; prints one JSON
// line: every answer's latency (ms) and status, and the search ids of the answered searches.
//   { base, seconds, clients: [{ cookie, csrf }], queries: [url…] }
const plan = JSON.parse(process.argv[2]);
const latencies = [];
const statuses = {};
const searchIds = [];
const errors = {};
const end = performance.now() + plan.seconds * 1000;

async function client(c, offset) {
  for (let i = offset; performance.now() < end; i += plan.clients.length) {
    const url = plan.queries[i % plan.queries.length];
    const started = performance.now();
    try {
      const res = await fetch(plan.base + url, { headers: { cookie: c.cookie, 'x-csrf-token': c.csrf } });
      const body = await res.text();
      latencies.push(performance.now() - started);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (res.status === 200) searchIds.push(JSON.parse(body).searchId);
    } catch (error) {
      const key = String(error.cause?.code ?? error.message);
      errors[key] = (errors[key] ?? 0) + 1;
    }
  }
}

const started = performance.now();
await Promise.all(plan.clients.map((c, i) => client(c, i)));
const elapsedMs = performance.now() - started;
process.stdout.write(`${JSON.stringify({ elapsedMs, latencies, statuses, searchIds, errors })}\n`);
