import { z } from 'zod';
import { int, oneOf, record, text } from './primitives.ts';

/**
 * The error envelope (spec, "Errors"), with the members the emulator adds
 * where the spec is silent (emulator/README.md, 5 and 6): `errors` on 422
 * validation failures, and the replacement bulk-import urls beside `meta` on
 * 426 and 410. It does not change with the contract version.
 */
export const errorEnvelopeSchema = record({
  meta: record({
    code: int,
    status: oneOf(['error']),
    message: text,
  }),
  data: z.null({ error: 'null' }),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  import_url: z.string().optional(),
  template_url: z.string().optional(),
  upload_url: z.string().optional(),
  status_url: z.string().optional(),
  removed_in: z.string().optional(),
});

export type ErrorEnvelope = z.output<typeof errorEnvelopeSchema>;

/** The error envelope in `body`, or null when `body` is something else (a success, or not the service's JSON). */
export function parseErrorEnvelope(body: unknown): ErrorEnvelope | null {
  const result = errorEnvelopeSchema.safeParse(body);
  return result.success ? result.data : null;
}
