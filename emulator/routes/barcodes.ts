import type { Barcode } from '../../src-shared/catalog/index.ts';
import { isLive, listAnswer } from '../answers.ts';
import { findById } from '../find-by-id.ts';
import { readListParams } from '../list-params.ts';
import type { RouteSpec } from '../route-spec.ts';
import { serializeBarcode } from '../serialize-barcode.ts';
import { Validator } from '../validation.ts';

export const barcodeRoutes: RouteSpec[] = [
  {
    // `includes` is "required" on the generated page; the emulator takes it as optional (emulator/README.md, 24).
    method: 'GET',
    url: '/products/modifiers/barcodes',
    permission: 'read',
    handle: (context) => {
      const v = new Validator();
      const params = readListParams(context.input, v);
      v.throwIfFailed();
      const { products, barcodes } = context.state.tenant;
      const term = params.search;
      const keep = (b: Barcode) => {
        if (term !== null && !b.barcode.includes(term)) return false;
        // A barcode of a deleted product goes with it.
        const product = findById(products, b.product_id);
        return product !== undefined && isLive(product);
      };
      return listAnswer(context, params, barcodes, (barcode) => serializeBarcode(barcode, context.features), keep);
    },
  },
];
