import type { RouteSpec } from '../route-spec.ts';
import { serializeBarcode } from '../serialize-barcode.ts';
import { listing, listRoute } from './list-route.ts';

export const barcodeRoutes: RouteSpec[] = [
  // `includes` is "required" on the generated page; the emulator takes it as optional (emulator/README.md, 24).
  listRoute('/products/modifiers/barcodes', {
    list: (context, params) => {
      const term = params.search;
      // Barcodes are their own records: listing them does not look up each
      // product (that made every page a pass over the whole catalog). A
      // barcode of a deleted product may be listed; the till ignores it.
      return listing(
        context.state.tenant.barcodes,
        (barcode) => serializeBarcode(barcode, context.features),
        (b) => term === null || b.barcode.includes(term),
      );
    },
  }),
];
