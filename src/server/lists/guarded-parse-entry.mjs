// Entry of the guarded parse thread: it runs the TypeScript sources as the server does (tsx).
import { register } from 'tsx/esm/api';

register();
await import('./guarded-parse-thread.ts');
