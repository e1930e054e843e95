import type { TillDatabase } from '../../db/index.ts';
import type { ServiceClient } from '../../upstream/index.ts';
import { OrderKind } from './order-kind.ts';
import { UploadEngine, type UploadEngineOptions } from './upload-engine.ts';

export interface OrderUploaderOptions extends Omit<UploadEngineOptions, 'kinds'> {
  db: TillDatabase;
  client: ServiceClient;
  /** Orders per request, 1 to MAX_ORDERS_PER_SYNC (the default). */
  batchSize?: number;
}

/** The upload engine with the order outbox alone (tools and tests that upload orders only). */
export class OrderUploader extends UploadEngine {
  constructor({ db, batchSize, ...options }: OrderUploaderOptions) {
    super({ ...options, kinds: [new OrderKind(db, batchSize)] });
  }
}
