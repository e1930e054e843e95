import { detailAnswer } from '../answers.ts';
import type { RouteSpec } from '../route-spec.ts';

/**
 * `GET /me` (emulator/README.md, 8): any valid token may read itself; `role` is the token's.
 * The members are written here from the spec, not taken from the till's reader (src-shared/wire/me.ts):
 * the emulator is a second reading of the contract, so a member the till's reader drops still shows up in the tests.
 */
export const meRoutes: RouteSpec[] = [
  {
    method: 'GET',
    url: '/me',
    permission: 'none',
    handle: ({ state, caller }) => {
      const { user, market, branch } = state.tenant.me;
      return detailAnswer({
        user: { id: user.id, name: user.name, role: caller.role },
        market: { id: market.id, name_en: market.name_en, name_ar: market.name_ar, vat_number: market.vat_number },
        branch: branch && {
          id: branch.id,
          name_en: branch.name_en,
          name_ar: branch.name_ar,
          vat_rate: branch.vat_rate,
          prices_include_tax: branch.prices_include_tax,
        },
      });
    },
  },
];
