/** The publisher stand-in as a process, for Playwright: `npx tsx test/publishers/serve.ts <port>`. */
import { startPublisherStandIn } from './stand-in';

const port = Number(process.argv[2] ?? 0);
const standIn = await startPublisherStandIn({ port });
process.stdout.write(`publisher stand-in on ${standIn.url}\n`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
