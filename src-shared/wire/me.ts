import type { z } from 'zod';
import type { Me } from '../catalog/index.ts';
import { bool, decimal, humanLine, id, record, recordOrNull, text, textOrNull } from './primitives.ts';
import { successEnvelopeSchema } from './envelope.ts';
import { readBody } from './wire-validation-error.ts';

/** `GET /me` (emulator/README.md, 8), the same at every version. */
export const meSchema = record({
  user: record({ id, name: humanLine, role: text }),
  market: record({ id, name_en: humanLine, name_ar: humanLine, vat_number: textOrNull }),
  branch: recordOrNull({ id, name_en: humanLine, name_ar: humanLine, vat_rate: decimal, prices_include_tax: bool }),
});

export type WireMe = z.output<typeof meSchema>;

const meEnvelopeSchema = successEnvelopeSchema(meSchema);

export function normalizeMe(wire: WireMe): Me {
  const { user, market, branch } = wire;
  return {
    user: { id: user.id, name: user.name, role: user.role },
    market: { id: market.id, name_en: market.name_en, name_ar: market.name_ar, vat_number: market.vat_number },
    branch: branch && {
      id: branch.id,
      name_en: branch.name_en,
      name_ar: branch.name_ar,
      vat_rate: branch.vat_rate,
      prices_include_tax: branch.prices_include_tax,
    },
  };
}

export function parseMe(body: unknown): Me {
  const envelope = readBody(meEnvelopeSchema, body, { subject: 'me', page: null, layout: { at: ['data'], listed: false } });
  return normalizeMe(envelope.data);
}
