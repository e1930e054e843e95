import { z } from 'zod';
import { STATION_CODE_PATTERN, STATION_KINDS, STATION_NAME_MAX } from './station-views.ts';
import { cleanLine } from '../text/index.ts';

/** What the Branch screen's Stations tab sends (till API, privilege 'branch-settings'); the store checks again. */
const code = z.string({ error: 'a station code' }).trim().toUpperCase().regex(STATION_CODE_PATTERN, 'one or two letters A–Z');
const name = z.string({ error: 'a name' }).overwrite(cleanLine).trim().min(1, 'a name').max(STATION_NAME_MAX, `at most ${STATION_NAME_MAX} characters`);
const printer = z.string().min(1, 'not empty').max(200, 'at most 200 characters').nullable().default(null);

export const stationInputs = {
  addStation: z.object({
    name,
    code,
    kind: z.enum(STATION_KINDS).default('counter'),
    receipt_printer_id: printer,
    drawer_printer_id: printer,
    // A customer display's counter (its code); only for kind customer_display.
    shows_cart_of: code.nullable().default(null),
  }),
  renameStation: z.object({ code, name }),
  setDisplayCounter: z.object({ code, counter: code.nullable() }),
  removeStation: z.object({ code }),
  pairingCode: z.object({ station: code }),
  useStation: z.object({ code }),
} as const;

export type StationInputs = { [K in keyof typeof stationInputs]: z.input<(typeof stationInputs)[K]> };
