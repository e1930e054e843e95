import type { TillApi } from '../../src-shared/api/index.ts';
import type { CashierView } from '../../src-shared/shifts/index.ts';
import type { EmulatedService } from './emulated-service.ts';
import { pairDevice, startWebHost, type WebHost } from './till-web-host.ts';

/** The approval tests' till: a manager's screen (station A) and a cashier on a paired device (its own station). */
export interface PairedCashierTill {
  web: WebHost;
  /** The till's own screen: signed in to the service, its shift open, locked (no one signed in). */
  manager: TillApi;
  /** Sami (a cashier, PIN 1357) signed in on a paired device, with that station's own shift open. */
  device: TillApi;
  sami: CashierView;
  /** The extra cashiers asked for, added before the shift opened, in order. */
  others: CashierView[];
}

/**
 * A web host with pairing, the manager Mona (`managerPin`), the cashier Sami
 * and any `others`; the manager's screen opens its shift and locks, Sami pairs
 * a device and opens its shift there (a paired device is its own station with
 * its own drawer).
 */
export async function pairedCashierTill(
  service: EmulatedService,
  managerPin: string,
  others: { name: string; pin: string }[] = [],
): Promise<PairedCashierTill> {
  const web = await startWebHost(service, { pairing: true });
  const manager = (await web.connect({ origin: web.origin, cookie: await web.managerCookie() })).api;
  await manager.signIn({ base_url: service.emulator.baseUrl, token: service.emulator.token });
  await manager.addCashier({ name: 'Mona', role: 'manager', pin: managerPin });
  const sami = await manager.addCashier({ name: 'Sami', role: 'cashier', pin: '1357' });
  const added: CashierView[] = [];
  for (const other of others) added.push(await manager.addCashier({ ...other, role: 'cashier' }));
  await manager.openShift({ float: 100_000 });
  await manager.lock();
  const device = (await web.connect({ origin: web.origin, cookie: await pairDevice(web) })).api;
  await device.unlock({ cashier_id: sami.id, pin: '1357' });
  await device.openShift({ float: 100_000 });
  return { web, manager, device, sami, others: added };
}
