import { printerSettings, type Kitchen } from '../src-shared/catalog/index.ts';
import { DEMO_MENU } from './demo-menu.ts';
import type { TenantPrinter } from './tenant.ts';

/** A cashier printer with the cash drawer, and the two kitchen stations' printers. */
export function demoPrinters(branchId: string, newId: () => string): TenantPrinter[] {
  return [
    { id: newId(), name: 'Cashier', branch_id: branchId, settings: printerSettings(['DRAWER_OPEN', 'PRINT_AUTO', 'MULTILINGUAL', 'PRODUCT_SHOW']) },
    { id: newId(), name: 'Bar', branch_id: branchId, settings: printerSettings(['PRINT_AUTO', 'PRODUCT_SHOW', 'HAS_SPACE']) },
    { id: newId(), name: 'Kitchen', branch_id: branchId, settings: printerSettings(['PRINT_AUTO', 'PRODUCT_SHOW', 'MULTILINGUAL', 'RASTER']) },
  ];
}

/** Drinks go to the bar, prepared food to the kitchen; packaged goods need no ticket. */
export function demoKitchens(branchId: string, printers: TenantPrinter[], newId: () => string): Kitchen[] {
  const stations = [
    { printer: 'Bar', en: 'Bar', ar: 'البار', kinds: ['drink'] },
    { printer: 'Kitchen', en: 'Kitchen', ar: 'المطبخ', kinds: ['food'] },
  ];
  return stations.map((station) => {
    const id = newId();
    const printer = printers.find((p) => p.name === station.printer)!;
    return {
      id,
      branch_id: branchId,
      name_en: station.en,
      name_ar: station.ar,
      printers: [{ id: newId(), printer_id: printer.id, kitchen_id: id }],
      categories: DEMO_MENU.filter((c) => station.kinds.includes(c.kind)).map((c) => ({ id: newId(), kitchen_id: id, category_id: c.id })),
    };
  });
}
