#!/usr/bin/env node
// The `clearlist` command: TypeScript sources run through tsx, no build step for the server.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
