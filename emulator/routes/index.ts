import type { RouteSpec } from '../route-spec.ts';
import { attendanceRoutes } from './attendances.ts';
import { barcodeRoutes } from './barcodes.ts';
import { categoryRoutes } from './categories.ts';
import { customerRoutes } from './customers.ts';
import { ingredientRoutes } from './ingredients.ts';
import { kitchenRoutes } from './kitchens.ts';
import { tableRoutes } from './tables.ts';
import { discountRoutes } from './discounts.ts';
import { legacyImportRoutes } from './legacy-import.ts';
import { meRoutes } from './me.ts';
import { modifierRoutes } from './modifiers.ts';
import { orderRoutes } from './orders.ts';
import { orderPaymentRoutes } from './order-payments.ts';
import { paymentMethodRoutes } from './payment-methods.ts';
import { priceRoutes } from './prices.ts';
import { printerRoutes } from './printers.ts';
import { productRoutes } from './products.ts';
import { renewalRoutes } from './renewals.ts';
import { promotionRoutes } from './promotions.ts';

/** Every route the emulator serves, relative to the v2 root. */
export const ROUTES: readonly RouteSpec[] = [
  ...meRoutes,
  ...categoryRoutes,
  ...productRoutes,
  ...modifierRoutes,
  ...priceRoutes,
  ...ingredientRoutes,
  ...barcodeRoutes,
  ...paymentMethodRoutes,
  ...printerRoutes,
  ...kitchenRoutes,
  ...tableRoutes,
  ...discountRoutes,
  ...customerRoutes,
  ...legacyImportRoutes,
  ...renewalRoutes,
  ...orderRoutes,
  ...orderPaymentRoutes,
  ...attendanceRoutes,
  ...promotionRoutes,
];
