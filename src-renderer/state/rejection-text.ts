/**
 * The service's reasons for rejecting an order, as one readable line. The
 * upload contract gives `errors` no fixed shape (strings, {field, message},
 * or a map of field → messages are all seen), so each is flattened rather
 * than shown as JSON to the cashier.
 */
export function rejectionText(rejection: unknown): string {
  const parts: string[] = [];
  const visit = (value: unknown, field?: string): void => {
    if (value === null || value === undefined) return;
    if (typeof value === 'string' || typeof value === 'number') {
      parts.push(field ? `${field}: ${value}` : String(value));
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, field);
    } else if (typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.message === 'string') {
        const name = typeof record.field === 'string' ? record.field : field;
        parts.push(name ? `${name}: ${record.message}` : record.message);
      } else {
        for (const [key, inner] of Object.entries(record)) visit(inner, field ? `${field}.${key}` : key);
      }
    }
  };
  visit(rejection);
  return [...new Set(parts)].join('; ');
}
