import type { ReceiptDocument } from './receipt-document.ts';

/** How long the till keeps trying to open a drawer before it gives up: a drawer must not open long after it was asked. */
export const DRAWER_GIVE_UP_MS = 30_000;

/** The drawer kick alone, as a document job: pin 2, the usual drawer connector. */
export const DRAWER_KICK: ReceiptDocument = { blocks: [{ kind: 'drawer', pin: 2 }] };
