import type { Me } from '../catalog/index.ts';
import { bool, decimal, humanLine, id, record, recordOrNull, text, textOrNull } from './primitives.ts';
import { successEnvelopeSchema } from './envelope.ts';
import { readBody } from './wire-validation-error.ts';

/** `GET /me` (emulator/README.md, 8), the same at every version. */
const meSchema = record({
  user: record({ id, name: humanLine, role: text }),
  market: record({ id, name_en: humanLine, name_ar: humanLine, vat_number: textOrNull }),
  branch: recordOrNull({ id, name_en: humanLine, name_ar: humanLine, vat_rate: decimal, prices_include_tax: bool }),
});

const meEnvelopeSchema = successEnvelopeSchema(meSchema);

/** The members `/me` carries, and no others (unknown members of a parsed body are dropped). */
export function normalizeMe(me: Me): Me {
  const { user, market, branch } = me;
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
