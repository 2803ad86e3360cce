// Entry of the fuzz thread: it runs the TypeScript sources as the server does (tsx).
import { register } from 'tsx/esm/api';

register();
await import('./reader-fuzz-thread.ts');
