import type { TillApi, TillEvent, TransportEnvelope } from '../../src-shared/api/index.ts';

/** What the UI holds: the till API, the host's pushed events, and a way to hang up. */
export interface TillConnection {
  api: TillApi;
  onEvent(listener: (event: TillEvent) => void): () => void;
  /** Called once when the host goes away (the page should reconnect). */
  onClose(listener: () => void): void;
  close(): void;
}

/** The renderer's side of a channel: envelopes in and out. */
export interface RendererChannel {
  send(envelope: TransportEnvelope): void;
  onReceive(listener: (envelope: TransportEnvelope) => void): void;
  onClose(listener: () => void): void;
  close(): void;
}
