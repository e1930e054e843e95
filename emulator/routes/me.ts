import { normalizeMe } from '../../src-shared/wire/index.ts';
import { detailAnswer } from '../answers.ts';
import type { RouteSpec } from '../route-spec.ts';

/** `GET /me` (emulator/README.md, 8): any valid token may read itself; `role` is the token's. */
export const meRoutes: RouteSpec[] = [
  {
    method: 'GET',
    url: '/me',
    permission: 'none',
    handle: ({ state, caller }) => {
      const me = normalizeMe(state.tenant.me);
      return detailAnswer({ ...me, user: { ...me.user, role: caller.role } });
    },
  },
];
