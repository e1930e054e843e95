import { serializePrinter } from '../serialize-printer.ts';
import { listAndDetailRoutes } from './list-and-detail.ts';

export const printerRoutes = listAndDetailRoutes(
  '/printers',
  'printerId',
  (context) => context.state.tenant.printers,
  (printer, context) => serializePrinter(printer, context.features),
);
