// Source runs only (tsx: `pos`, tests, benches): a worker thread does not
// inherit the parent's TypeScript loader, so register it here, then load
// the worker written in TypeScript. The built app and CLI run page-reader.js.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./page-reader-entry.ts', import.meta.url).href);
