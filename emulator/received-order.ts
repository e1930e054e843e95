/** One order line as uploaded (docs/decisions.md, "The order upload contract"). */
export interface UploadedOrderItem {
  product_id: string;
  quantity: number;
  unit_price: string;
  modifiers: { modifier_id: string }[];
  notes: string | null;
  total: string;
}

/** An order as uploaded to `POST /orders/sync`, kept as received once it passed validation. */
export interface UploadedOrder {
  uuid: string;
  market_id: string;
  branch_id: string;
  number: string | number;
  type: string;
  table_id: string | null;
  customer_id: string | null;
  created_at: number;
  items: UploadedOrderItem[];
  subtotal: string;
  discount_total: string;
  tax: string;
  total: string;
  payments: { payment_method_key: string; amount: string }[];
  status: string;
  /** Till's addition to the contract: the order a refund refunds. */
  refund_of?: string | null;
  /** Any other member the client sent is kept too. */
  [member: string]: unknown;
}

/** An order the service holds: stored once per uuid, whatever the number of uploads. */
export interface ReceivedOrder {
  /** The service's own id for it, returned as `id` in the sync results. */
  id: string;
  uuid: string;
  /** Epoch ms of the upload that stored it. */
  receivedAt: number;
  order: UploadedOrder;
}

/** A closed shift as uploaded (`POST /attendances/sync`), kept once per uuid. */
export interface ReceivedAttendance {
  id: string;
  uuid: string;
  receivedAt: number;
  /** The whole body as sent. */
  body: Record<string, unknown>;
}

/** A payment taken after its order was uploaded (the till's settle-later), kept once per uuid. */
export interface ReceivedSettlement {
  id: string;
  uuid: string;
  order_uuid: string;
  payments: { payment_method_key: string; amount: string }[];
  receivedAt: number;
  /** The whole body as sent: members beyond these are kept too. */
  body: Record<string, unknown>;
}
