import { detailAnswer, listAnswer } from '../answers.ts';
import { notFound } from '../envelope.ts';
import { readListParams } from '../list-params.ts';
import type { RouteSpec } from '../route-spec.ts';
import { serializePrinter } from '../serialize-printer.ts';
import { Validator } from '../validation.ts';

export const printerRoutes: RouteSpec[] = [
  {
    method: 'GET',
    url: '/printers',
    permission: 'read',
    handle: (context) => {
      const v = new Validator();
      const params = readListParams(context.input, v);
      v.throwIfFailed();
      return listAnswer(context, params, context.state.tenant.printers, (p) => serializePrinter(p, context.features));
    },
  },
  {
    method: 'GET',
    url: '/printers/:printerId',
    permission: 'read',
    handle: (context) => {
      const printer = context.state.tenant.printers.find((p) => p.id === context.params.printerId);
      if (!printer) throw notFound();
      return detailAnswer(serializePrinter(printer, context.features));
    },
  },
];
