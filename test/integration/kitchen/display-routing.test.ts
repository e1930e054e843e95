import { beforeEach, describe, expect, it } from 'vitest';
import type { TillApi } from '../../../src-shared/api/index.ts';
import { readTillPrinters } from '../../../src-main/printing/index.ts';
import { addStation } from '../../../src-main/stations/index.ts';
import { posInProcess as pos } from '../../support/pos-in-process.ts';
import { pairDevice } from '../../support/till-web-host.ts';
import { threeStations, type Station } from '../stations/station-branch.ts';
import { pairingHubPerTest } from '../../support/pairing-hub.ts';
import { refusal } from '../../support/refusal.ts';

// Issue 21, part 4: a category goes to a printer, a display, or both. A
// display's categories and its fallback printer are set on this hub only:
// on the Branch screen's Kitchens tab (the till API, 'branch-settings') and
// with `pos kitchens display`, both through the same checks.

const hub = pairingHubPerTest(23);
let stations: Station[];

beforeEach(async () => {
  ({ stations } = await threeStations(hub.web, hub.service));
  addStation(hub.web.db, { name: 'Hot line', code: 'K', kind: 'kitchen_display' }, Date.now());
});

describe("a kitchen display's routing", () => {
  it(
    'the Kitchens tab routes categories to a display with a fallback printer; a paired counter and the display itself may not',
    { timeout: 180_000 },
    async () => {
      const manager = stations[0]!.api;
      const bar = readTillPrinters(hub.web.db).find((p) => p.name === 'Bar')!;
      expect(await manager.kitchenDisplays()).toEqual([
        { station: { id: expect.any(Number), code: 'K', name: 'Hot line' }, categories: [], fallback_printer_id: null },
      ]);
      const routed = await manager.routeKitchenDisplay({ station: 'k', categories: [6, 5, 6], fallback_printer_id: bar.id });
      expect(routed).toMatchObject([{ station: { code: 'K' }, categories: [5, 6], fallback_printer_id: bar.id }]);

      // Refused, in words: a counter is no display, an unknown category or printer.
      expect(await refusal(manager.routeKitchenDisplay({ station: 'B', categories: [5] }))).toMatchObject({ reason: { code: 'kitchen.notDisplay' } });
      expect(await refusal(manager.routeKitchenDisplay({ station: 'K', categories: [999] }))).toMatchObject({ reason: { code: 'kitchen.unknownCategory' } });
      expect(await refusal(manager.routeKitchenDisplay({ station: 'K', categories: [5], fallback_printer_id: 'nope' }))).toMatchObject({
        reason: { code: 'kitchen.unknownPrinter' },
      });
      // A paired cashier's tablet never changes branch settings; the display's own screen may not either.
      const tablet: TillApi = stations[1]!.api;
      expect(await refusal(tablet.routeKitchenDisplay({ station: 'K', categories: [] }))).toMatchObject({ code: 'not_allowed' });
      const display = (await hub.web.connect({ origin: hub.web.origin, cookie: await pairDevice(hub.web, 'K') })).api;
      expect(await refusal(display.kitchenDisplays())).toMatchObject({ code: 'not_allowed', reason: { code: 'kitchen.notForDisplay' } });
      expect((await manager.kitchenDisplays())[0]!.categories).toEqual([5, 6]);
    },
  );

  it('pos kitchens display sets the same routes, lists them, and refuses what the tab refuses', { timeout: 180_000 }, async () => {
    const file = hub.service.dir.file('host.db');
    const bar = readTillPrinters(hub.web.db).find((p) => p.name === 'Bar')!;
    const set = await pos(['kitchens', '--db', file, 'display', 'K', '--categories', '7,8', '--fallback', bar.id]);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stderr).toContain('Kitchen display K shows categories 7,8');
    expect((await stations[0]!.api.kitchenDisplays())[0]).toMatchObject({ categories: [7, 8], fallback_printer_id: bar.id });

    const listed = await pos(['kitchens', '--db', file]);
    expect(listed.stdout).toMatch(/^ {3}7 .*display K$/m);
    expect(listed.stdout).toContain(`display K (Hot line): categories 7,8; offline it prints on Bar (${bar.id})`);
    expect(JSON.parse((await pos(['kitchens', '--db', file, '--json'])).stdout).displays).toMatchObject([{ station: { code: 'K' }, categories: [7, 8] }]);

    expect((await pos(['kitchens', '--db', file, 'display', 'A', '--categories', '7'])).code).toBe(1);
    expect((await pos(['kitchens', '--db', file, 'display', 'K', '--categories', 'soup'])).code).toBe(2);
    expect((await pos(['kitchens', '--db', file, 'display', 'K'])).code).toBe(2);
    const cleared = await pos(['kitchens', '--db', file, 'display', 'K', '--categories', 'none']);
    expect(cleared.stderr).toContain('Kitchen display K shows no categories now.');
    expect((await stations[0]!.api.kitchenDisplays())[0]!.categories).toEqual([]);
  });
});
