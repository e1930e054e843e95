/**
 * Kitchen routing: which kitchen printers get which categories' lines. The
 * spec names printer-kitchen and kitchen-category objects (`kitchen_id` and
 * `category_id` from 2.3.0, `kitchen_group_id` and `product_category_id`
 * before) without an endpoint; the till reads them as `GET /kitchens`, one
 * kitchen with its two link lists per item (emulator/README.md, 17).
 * Canonical names are the 2.3.0 ones.
 */

/** A printer serving a kitchen (spec: printer-kitchen object). */
export interface PrinterKitchen {
  id: string;
  printer_id: string;
  kitchen_id: string;
}

/** A category whose lines the kitchen prepares (spec: kitchen-category object). */
export interface KitchenCategory {
  id: string;
  kitchen_id: string;
  category_id: number;
}

/** A preparation station ("Bar", "Kitchen") with its printers and categories. */
export interface Kitchen {
  id: string;
  branch_id: string | null;
  name_en: string;
  name_ar: string;
  printers: PrinterKitchen[];
  categories: KitchenCategory[];
}
