import type { TillDatabase } from '../../src-main/db/index.ts';
import type { CheckoutStamper, PresignedDocument } from '../../src-main/zatca/index.ts';
import type { OrderRecord } from '../../src-shared/selling/index.ts';
import { hostStamp } from './zatca-egs.ts';

/** What a test learns of a phase-2 checkout's presigns, and the moment it may race one. */
export interface StampWatch {
  /** Every presign in order: whether a transaction was open (it must not be) and what it made. */
  presigns: { inTransaction: boolean; presigned: PresignedDocument | null }[];
  /** Run once, right after the next presign has signed (before the till's transaction begins). */
  whileSigning: (() => void) | null;
}

export function stampWatch(): StampWatch {
  return { presigns: [], whileSigning: null };
}

/** The host's stamp (a phase-2 checkout's), its presign watched by `watch`. */
export function watchedStamp(db: TillDatabase, watch: StampWatch): CheckoutStamper {
  const stamp = hostStamp(db);
  const presign = stamp.presign!;
  return Object.assign((order: OrderRecord, profile: Parameters<CheckoutStamper>[1], made?: unknown) => stamp(order, profile, made), {
    presign: (expected: OrderRecord, profile: Parameters<CheckoutStamper>[1]) => {
      const presigned = presign(expected, profile) as PresignedDocument | null;
      watch.presigns.push({ inTransaction: db.inTransaction, presigned });
      const race = watch.whileSigning;
      watch.whileSigning = null;
      race?.();
      return presigned;
    },
  });
}

/** A zatca_documents row as these tests read it. */
export interface ZatcaDocumentRow {
  icv: number;
  order_uuid: string;
  number: string;
  pih: string;
  hash: string;
  qr: string;
  xml: string;
}
