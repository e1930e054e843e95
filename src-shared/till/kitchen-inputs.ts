import { z } from 'zod';

/** What a kitchen display's calls accept (issue 21, part 4); the ids are the board's own. */
const id = z.string({ error: 'an id' }).min(1, 'not empty').max(200, 'at most 200 characters');

export const kitchenInputs = {
  /** Toggles: bumping a bumped item brings it back. */
  bumpKitchenItem: z.object({ ticket_id: id, item_id: id }),
  bumpKitchenTicket: z.object({ ticket_id: id }),
} as const;

export type KitchenInputs = { [K in keyof typeof kitchenInputs]: z.input<(typeof kitchenInputs)[K]> };
