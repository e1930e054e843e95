// Issue 36, item 6: the Stations tab shows the hub, its standby, the lag in
// changes and seconds, the epoch, or "the hub answers alone"; its "Standby
// code" button makes the single-use code, and is disabled with its reason
// where it cannot work (the desktop window, a till that is not the hub, a
// screen that is not the manager's). Both languages. The panel goes through
// the till API (standbyStatus, standbyCode: 'branch-settings', a manager's
// like the rest of the tab), given here as the views a hub answers; the
// methods themselves over a real hub: test/integration/standby/standby-follow.test.ts.
import { expect, test } from 'vitest';
import { render } from 'vitest-browser-svelte';
import type { TillApi } from '../../src-shared/api/index.ts';
import type { StandbyStatusView } from '../../src-shared/stations/index.ts';
import StandbyPanel from '../../src-renderer/branch/StandbyPanel.svelte';
import { apiStandbySource, type StandbySource } from '../../src-renderer/branch/standby-source.ts';
import { LocaleState, tillContext, type TillState } from '../../src-renderer/state/index.ts';

const HUB = 'http://192.168.1.20:4780';
const STANDBY = 'http://192.168.1.21:4780';

/** What the till API's standbyStatus answers. */
const hubAlone: StandbyStatusView = {
  role: 'hub',
  epoch: 1,
  hub: HUB,
  standby: null,
  connected: false,
  lag_changes: null,
  lag_ms: null,
  standby_zatca_waiting: null,
  standby_orders_waiting: null,
};
const hubWithStandby: StandbyStatusView = {
  role: 'hub',
  epoch: 2,
  hub: HUB,
  standby: STANDBY,
  connected: true,
  lag_changes: 3,
  lag_ms: 420,
  standby_zatca_waiting: 0,
  standby_orders_waiting: 0,
};
const standbyOf: StandbyStatusView = {
  role: 'standby',
  epoch: 2,
  hub: HUB,
  standby: STANDBY,
  connected: false,
  lag_changes: null,
  lag_ms: null,
  standby_zatca_waiting: null,
  standby_orders_waiting: null,
};

/** The panel's source over a till API that answers `view` (and records each code it makes). */
function source(view: StandbyStatusView, made: string[] = []): StandbySource {
  const api = {
    standbyStatus: async () => view,
    standbyCode: async () => {
      made.push('code');
      return { code: '482913', expires_at: Date.now() + 300_000, hub: HUB };
    },
  } as Partial<TillApi> as TillApi;
  return apiStandbySource(() => api);
}

async function mount(panelSource: StandbySource | null, lang: 'en' | 'ar') {
  const locale = new LocaleState();
  locale.set(lang);
  // The panel reads no till: only the language.
  return {
    locale,
    screen: await render(StandbyPanel, { props: { source: panelSource, everyMs: 60_000 }, context: tillContext(null as unknown as TillState, locale) }),
  };
}

const reason = (container: HTMLElement) => {
  const button = container.querySelector<HTMLButtonElement>('[data-testid="standby-code"]')!;
  const id = button.getAttribute('aria-describedby');
  return button.disabled && id ? container.querySelector(`[id="${id}"]`)?.textContent?.trim() : null;
};

for (const lang of ['en', 'ar'] as const) {
  test(`the hub alone, then with its standby: the status, and a standby code made on the tap (${lang})`, async () => {
    const made: string[] = [];
    const { locale, screen } = await mount(source(hubAlone, made), lang);
    await expect.element(screen.getByTestId('standby-hub')).toHaveTextContent(HUB);
    await expect.element(screen.getByTestId('standby-standby')).toHaveTextContent(locale.t('standby.alone'));
    await expect.element(screen.getByTestId('standby-epoch')).toHaveTextContent('1');
    expect(reason(screen.container)).toBeNull();
    await screen.getByTestId('standby-code').click();
    await expect.element(screen.getByTestId('standby-code-shown')).toHaveTextContent(`--standby-of ${HUB} --code 482913`);
    expect(made).toEqual(['code']);
    screen.unmount();

    const paired = await mount(source(hubWithStandby), lang);
    await expect.element(paired.screen.getByTestId('standby-standby')).toHaveTextContent(STANDBY);
    await expect.element(paired.screen.getByTestId('standby-lag')).toHaveTextContent(locale.t('standby.lag', { changes: 3, seconds: 0.4 }));
    await expect.element(paired.screen.getByTestId('standby-epoch')).toHaveTextContent('2');
    expect(paired.screen.container.querySelector('[data-testid="standby-zatca-waiting"]')).toBeNull();
    paired.screen.unmount();

    // A standby that was the hub before (it rejoined) still reports the ZATCA documents it signed alone: the hub's manager sees how many.
    const rejoined = await mount(source({ ...hubWithStandby, standby_zatca_waiting: 2 }), lang);
    await expect.element(rejoined.screen.getByTestId('standby-zatca-waiting')).toHaveTextContent(locale.t('standby.zatcaWaiting', { count: 2 }));
    expect(rejoined.screen.container.querySelector('[data-testid="standby-orders-waiting"]')).toBeNull();
    rejoined.screen.unmount();
    // And the orders it sold alone, still uploaded from there.
    const sold = await mount(source({ ...hubWithStandby, standby_orders_waiting: 3 }), lang);
    await expect.element(sold.screen.getByTestId('standby-orders-waiting')).toHaveTextContent(locale.t('standby.ordersWaiting', { count: 3 }));
    sold.screen.unmount();
  });

  test(`"Standby code" is disabled with its reason on the standby, off the manager's screen and in the desktop window (${lang})`, async () => {
    const onStandby = await mount(source(standbyOf), lang);
    await expect.element(onStandby.screen.getByTestId('standby-role')).toHaveTextContent(HUB);
    await expect.poll(() => reason(onStandby.screen.container)).toBe(onStandby.locale.t('reason.standby.codeNotHub'));
    onStandby.screen.unmount();
    // A screen whose manager's approval the host refuses (the Stations tab's rule) hears why from the API.
    const refusing = {
      standbyStatus: () => Promise.reject(Object.assign(new Error('Not allowed'), { code: 'not_allowed', reason: { code: 'approval.pinNeeded' } })),
      standbyCode: () => Promise.reject(new Error('not asked')),
    } as Partial<TillApi> as TillApi;
    const device = await mount(
      apiStandbySource(() => refusing),
      lang,
    );
    await expect.poll(() => reason(device.screen.container)).toBe(device.locale.t('reason.standby.notManagerScreen'));
    device.screen.unmount();
    const desktop = await mount(null, lang);
    await expect.poll(() => reason(desktop.screen.container)).toBe(desktop.locale.t('reason.standby.desktop'));
    desktop.screen.unmount();
    // The desktop window asks the host (issue 36): with no standby port set, the host offers no pair (role null) and the panel says how to get one.
    const noPort = await mount(
      source({
        role: null,
        epoch: 1,
        hub: null,
        standby: null,
        connected: false,
        lag_changes: null,
        lag_ms: null,
        standby_zatca_waiting: null,
        standby_orders_waiting: null,
      }),
      lang,
    );
    await expect.poll(() => reason(noPort.screen.container)).toBe(noPort.locale.t('reason.standby.desktop'));
    noPort.screen.unmount();
  });
}
