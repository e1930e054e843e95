import { ScreenLoader } from './ui/index.ts';

/**
 * Every screen but selling, each its own chunk (issue 34 item 8): the first
 * paint waits only for the sell screen and what every station shows (the
 * status bar, the PIN screen); the others are fetched the first time they
 * open (LazyScreen says so meanwhile), or ahead of need when the till knows
 * it will show one (a paired till that has not pulled a catalog: sign-in).
 */
export const screens = {
  branch: new ScreenLoader(() => import('./branch/index.ts')),
  customer: new ScreenLoader(() => import('./customer/index.ts')),
  floor: new ScreenLoader(() => import('./floor/index.ts')),
  kitchen: new ScreenLoader(() => import('./kitchen/index.ts')),
  orders: new ScreenLoader(() => import('./selling/orders/index.ts')),
  pairing: new ScreenLoader(() => import('./pairing/index.ts')),
  shifts: new ScreenLoader(() => import('./shifts/index.ts')),
};
