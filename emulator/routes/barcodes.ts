import type { Barcode } from '../../src-shared/catalog/index.ts';
import { listAnswer } from '../answers.ts';
import { readPlainListParams } from '../list-params.ts';
import type { RouteSpec } from '../route-spec.ts';
import { serializeBarcode } from '../serialize-barcode.ts';

export const barcodeRoutes: RouteSpec[] = [
  {
    // `includes` is "required" on the generated page; the emulator takes it as optional (emulator/README.md, 24).
    method: 'GET',
    url: '/products/modifiers/barcodes',
    permission: 'read',
    handle: (context) => {
      const params = readPlainListParams(context.input);
      const { barcodes } = context.state.tenant;
      const term = params.search;
      // Barcodes are their own records: listing them does not look up each
      // product (that made every page a pass over the whole catalog). A
      // barcode of a deleted product may be listed; the till ignores it.
      const keep = (b: Barcode) => term === null || b.barcode.includes(term);
      return listAnswer(context, params, barcodes, (barcode) => serializeBarcode(barcode, context.features), keep);
    },
  },
];
