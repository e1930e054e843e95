// The render worker thread: receives RenderRequests, answers with bytes.
// Canvas drawing, rasterizing and PDF encoding take tens of milliseconds a
// receipt; here they block only this thread, never the host's event loop
// (checkouts, the till API, the uploader). Its line cache (draw-layout)
// lives as long as the thread, so reprints and a day's menu stay warm.

import { parentPort } from 'node:worker_threads';
import { registerPrintingFonts } from '../raster/fonts.ts';
import { renderRequest, type RenderRequest } from './render-request.ts';

export interface RenderMessage {
  id: number;
  request: RenderRequest;
  /** The fonts folder the host registered (a packaged app's resources); null: look it up from here. */
  fontsDir: string | null;
}

export type RenderReply = { id: number; ok: true; bytes: Uint8Array } | { id: number; ok: false; message: string };

const port = parentPort;
if (!port) throw new Error('render-worker-entry runs as a worker thread only');

port.on('message', (message: RenderMessage) => {
  void (async () => {
    try {
      registerPrintingFonts(message.fontsDir ?? undefined);
      const rendered = await renderRequest(message.request);
      // A Buffer may be a slice of a shared pool: copy into its own memory so it can be transferred, not cloned.
      const bytes = rendered.byteOffset === 0 && rendered.byteLength === rendered.buffer.byteLength ? rendered : new Uint8Array(rendered);
      const reply: RenderReply = { id: message.id, ok: true, bytes };
      port.postMessage(reply, [bytes.buffer as ArrayBuffer]);
    } catch (error) {
      const reply: RenderReply = { id: message.id, ok: false, message: error instanceof Error ? error.message : String(error) };
      port.postMessage(reply);
    }
  })();
});
