// Entry of the CSV worker thread: it runs the TypeScript sources as the server does (tsx).
import { register } from 'tsx/esm/api';

register();
await import('./csv-worker-thread.ts');
