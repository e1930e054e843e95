// Whether a refusal of an upload is about how many orders it carried, and the
// most the service takes when it says so. Services word this every way:
// Laravel's "The orders field must not have more than 20 items." (older:
// "The orders may not have more than 20 items."), "orders: max 20", "Too many
// orders (limit 20)", "batch size exceeds the maximum of 20". A field of one
// order (`orders.3.items`) is that order's problem, never the batch size's.

/** Words that say "too many", each possibly followed by the number allowed. */
const TOO_MANY =
  /(?:more than|at most|no more than|maximum(?: of)?|max(?:imum)?[:=]?|not exceed|exceeds?(?: the)?(?: maximum| limit)?(?: of)?|greater than|too many|too large|limit(?: of| is)?|up to)\s*(\d+)?/i;
const ABOUT_ORDERS = /\b(?:orders?|items|batch|records|entries)\b/i;

export interface BatchSizeRefusal {
  /** The most orders a request may carry, when the service names it. */
  max: number | null;
}

/** `errors` as the 422 convention (field → messages) and the service's message. */
export function batchSizeRefusal(message: string, errors: Record<string, string[]>): BatchSizeRefusal | null {
  const texts: string[] = [];
  for (const [field, messages] of Object.entries(errors)) {
    // Only the batch's own field: `orders`, `orders[]`, `data`, `body`; never `orders.N...`.
    if (/^(orders|orders\[\]|data|body|batch|items)$/i.test(field)) texts.push(...messages);
  }
  if (Object.keys(errors).length === 0 || texts.length === 0) texts.push(message);
  for (const text of texts) {
    if (!ABOUT_ORDERS.test(text) || /orders\.\d+/.test(text)) continue;
    const match = TOO_MANY.exec(text);
    if (!match) continue;
    const max = match[1] !== undefined ? Number(match[1]) : null;
    return { max: max !== null && Number.isSafeInteger(max) && max >= 1 ? max : null };
  }
  return null;
}
