// How many decimal places money has on this till (issue 19, part 6). The
// replica holds prices as integer minor units of the scale the last pull
// read them at, so that scale is the one in effect: the setting
// `currency.decimals`, else what /me's currency says, else 2, as of the
// last pull. A changed setting takes effect with the next pull, which
// reads every price again at the new scale in the generation it pins.

import type { Me } from '../../src-shared/catalog/index.ts';
import { DEFAULT_CURRENCY_DECIMALS, decimalsOfCurrency } from '../../src-shared/money/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { getSetting } from '../settings/index.ts';
import { readReplicaMeta } from './replica-meta.ts';

/** What the setting and `me` declare: the setting, else the currency's places, else 2. */
export function declaredCurrencyDecimals(db: TillDatabase, me: Me | null): number {
  return getSetting(db, 'currency.decimals') ?? decimalsOfCurrency(me?.market.currency) ?? DEFAULT_CURRENCY_DECIMALS;
}

/** The places of the amounts in this till's replica: as the last pull read them, else as declared now. */
export function currencyDecimals(db: TillDatabase): number {
  const { me, lastPull } = readReplicaMeta(db);
  if (lastPull) return lastPull.currency_decimals ?? DEFAULT_CURRENCY_DECIMALS;
  return declaredCurrencyDecimals(db, me);
}
