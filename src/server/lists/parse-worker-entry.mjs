// Entry of the parse worker thread: it runs the TypeScript sources as the server does (tsx).
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');
