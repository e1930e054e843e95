import { expect } from 'vitest';
import type { OrderView } from '../../../src-shared/selling/index.ts';
import type { TillApi } from '../../../src-shared/api/index.ts';
import type { EmulatedService } from '../../support/emulated-service.ts';
import type { WebSocket } from 'ws';
import { browserStation, type ServeHub } from '../../support/serve-hub.ts';
import { pairDevice, type WebHost } from '../../support/till-web-host.ts';

// A branch of three counters on one hub, for the stations tests: the manager
// screen (the host's own `/k/` browser) and two paired tablets, each with its
// own cashier signed in, each its own station.

export const PINS = { huda: '2468', sara: '1357', omar: '8642' } as const;

export interface Station {
  name: string;
  api: TillApi;
  cashierId: string;
}

/** Opens this station's drawer if it has no open shift (one till-wide shift today, one per station's drawer once drawers are per station). */
export async function ensureShift(api: TillApi): Promise<void> {
  if (!(await api.staffState()).shift) await api.openShift({ float: 10_000 });
}

/** Signs in to the emulator, adds a manager and two cashiers, and opens the three stations, each signed in as its own cashier. */
export async function threeStations(web: WebHost, service: EmulatedService): Promise<{ stations: Station[]; products: string[] }> {
  const manager = (await web.connect({ origin: web.origin, cookie: await web.managerCookie() })).api;
  await manager.signIn({ base_url: service.emulator.baseUrl, token: service.emulator.token });
  const huda = await manager.addCashier({ name: 'Huda', role: 'manager', pin: PINS.huda });
  const sara = await manager.addCashier({ name: 'Sara', role: 'cashier', pin: PINS.sara });
  const omar = await manager.addCashier({ name: 'Omar', role: 'cashier', pin: PINS.omar });
  const tabletB = (await web.connect({ origin: web.origin, cookie: await pairDevice(web) })).api;
  const tabletC = (await web.connect({ origin: web.origin, cookie: await pairDevice(web) })).api;
  await tabletB.unlock({ cashier_id: sara.id, pin: PINS.sara });
  await tabletC.unlock({ cashier_id: omar.id, pin: PINS.omar });
  const stations: Station[] = [
    { name: 'counter A (manager screen)', api: manager, cashierId: huda.id },
    { name: 'tablet B', api: tabletB, cashierId: sara.id },
    { name: 'tablet C', api: tabletC, cashierId: omar.id },
  ];
  for (const station of stations) await ensureShift(station.api);
  const cards = (await manager.search({ query: 'a', limit: 200 })).filter((p) => !p.requires_choice).slice(0, 50);
  const products = cards.filter((p) => p.price !== null).map((p) => p.id);
  expect(products.length).toBeGreaterThanOrEqual(6);
  return { stations, products };
}

/**
 * The same branch on a hub in its own process (`pos serve`): the manager's
 * browser at the first counter, browsers at stations B and C, each unlocked
 * as its own cashier with a shift open. `sockets` collects the sockets for
 * the caller to terminate.
 */
export async function threeServedStations(
  hub: ServeHub,
  service: EmulatedService,
  sockets: WebSocket[],
): Promise<{ stations: TillApi[]; cashiers: { id: string }[]; pins: string[]; products: string[] }> {
  const manager = await browserStation(hub, undefined, sockets);
  await manager.signIn({ base_url: service.emulator.baseUrl, token: service.emulator.token });
  const pins = [PINS.huda, PINS.sara, PINS.omar];
  const cashiers = [
    await manager.addCashier({ name: 'Huda', role: 'manager', pin: PINS.huda }),
    await manager.addCashier({ name: 'Sara', role: 'cashier', pin: PINS.sara }),
    await manager.addCashier({ name: 'Omar', role: 'cashier', pin: PINS.omar }),
  ];
  // Each browser is its own station of the registry (issue 20).
  await manager.addStation({ name: 'Counter B', code: 'B' });
  await manager.addStation({ name: 'Counter C', code: 'C' });
  const stations = [manager, await browserStation(hub, 'B', sockets), await browserStation(hub, 'C', sockets)];
  for (const [i, api] of stations.entries()) {
    await api.unlock({ cashier_id: cashiers[i]!.id, pin: pins[i]! });
    await ensureShift(api);
  }
  const cards = (await manager.search({ query: 'a', limit: 200 })).filter((p) => !p.requires_choice).slice(0, 50);
  const products = cards.filter((p) => p.price !== null).map((p) => p.id);
  expect(products.length).toBeGreaterThanOrEqual(9);
  return { stations, cashiers, pins, products };
}

/** The day sequence of an order number (`A-007` → 7, `007` → 7) and its prefix (`A`, or '' without a code). */
export function splitNumber(number: string): { prefix: string; sequence: number } {
  const match = /^(?:([A-Z]{1,2})-)?(\d+)$/.exec(number);
  if (!match) throw new Error(`${number} is not an order number`);
  return { prefix: match[1] ?? '', sequence: Number(match[2]) };
}

/**
 * Numbers unique and gapless per prefix and business day (one sequence per
 * station's code once numbers are per station; one for the till before), and
 * every station's orders under one prefix.
 */
export function expectNumbersGaplessPerStation(byStation: Map<string, OrderView[]>): void {
  const sequences = new Map<string, number[]>();
  for (const [station, orders] of byStation) {
    const prefixes = new Set(orders.map((o) => splitNumber(o.number).prefix));
    expect(prefixes.size, `${station} numbers its orders under one code`).toBe(1);
    for (const order of orders) {
      const { prefix, sequence } = splitNumber(order.number);
      const key = `${order.business_day} ${prefix}`;
      sequences.set(key, [...(sequences.get(key) ?? []), sequence]);
    }
  }
  for (const [key, numbers] of sequences) {
    const sorted = [...numbers].sort((a, b) => a - b);
    expect(sorted, `numbers of ${key}`).toEqual(sorted.map((_, i) => i + 1));
  }
}
