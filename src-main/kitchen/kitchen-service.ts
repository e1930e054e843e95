import type { KitchenApi } from '../../src-shared/till/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';

const notBuilt = (): never => {
  throw new TillError('not_found', 'the kitchen display is not built yet on this hub', { code: 'kitchen.notBuilt' });
};

/** The kitchen display's side of the till API (issue 21, part 4). */
export class KitchenService implements KitchenApi {
  kitchenBoard = async () => notBuilt();
  bumpKitchenItem = async () => notBuilt();
  bumpKitchenTicket = async () => notBuilt();
  recallKitchenTicket = async () => notBuilt();
}
