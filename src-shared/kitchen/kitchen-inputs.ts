import { z } from 'zod';
import { STATION_CODE_PATTERN } from '../stations/index.ts';

/** What a kitchen display's calls accept (issue 21, part 4); the ids are the board's own. */
const id = z.string({ error: 'an id' }).min(1, 'not empty').max(200, 'at most 200 characters');

export const kitchenInputs = {
  /** Toggles: bumping a bumped item brings it back. */
  bumpKitchenItem: z.object({ ticket_id: id, item_id: id }),
  bumpKitchenTicket: z.object({ ticket_id: id }),
  /** The Kitchens tab and `pos kitchens display`: which categories a display shows (none: it shows nothing), and its fallback printer. */
  routeKitchenDisplay: z.object({
    station: z.string({ error: 'a station code' }).trim().toUpperCase().regex(STATION_CODE_PATTERN, 'one or two letters A–Z'),
    categories: z.array(z.number().int('a whole number')).max(500, 'at most 500 categories'),
    fallback_printer_id: id.nullable().default(null),
  }),
} as const;

export type KitchenInputs = { [K in keyof typeof kitchenInputs]: z.input<(typeof kitchenInputs)[K]> };
