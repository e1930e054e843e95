// Source runs only (tsx: `pos`, tests, benches): a worker thread does not
// inherit the parent's TypeScript loader, so register it here, then load
// the worker written in TypeScript. The built app runs out/main/render-worker.js.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./render-worker-entry.ts', import.meta.url).href);
