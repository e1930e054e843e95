// The parse benchmark's worker, run from the sources: register tsx in the
// thread (a worker does not inherit the parent's loader), then load it.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./parse-worker.ts', import.meta.url).href);
