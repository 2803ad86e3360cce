#!/usr/bin/env node
// The `clearlist` command: TypeScript sources run through tsx, no build step for the server.
import { setFlagsFromString } from 'node:v8';
import { register } from 'tsx/esm/api';

// The embedded database's WebAssembly compiled whole when it loads, not function by function on
// first use: a statement of a kind not yet run compiled its code on the thread that answers
// searches, which held them 50-120 ms at a list's first index swap (ADR 091). Before any import.
setFlagsFromString('--no-wasm-lazy-compilation');
register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
