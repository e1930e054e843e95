// Issue 36, item 6: the Stations tab shows the hub, its standby, the lag in
// changes and seconds, the epoch, or "the hub answers alone"; its "Standby
// code" button makes the single-use code, and is disabled with its reason
// where it cannot work (the desktop window, a till that is not the hub, a
// screen that is not the manager's). Both languages. The panel reads the
// host's own `/standby/status` body (readStandbyStatus), given here as the
// JSON a hub answers (the route itself: test/integration/standby/standby-follow.test.ts).
import { expect, test } from 'vitest';
import { render } from 'vitest-browser-svelte';
import StandbyPanel from '../../src-renderer/branch/StandbyPanel.svelte';
import { readStandbyStatus, type StandbySource } from '../../src-renderer/branch/standby-source.ts';
import { LocaleState, tillContext, type TillState } from '../../src-renderer/state/index.ts';

const HUB = 'http://192.168.1.20:4780';
const STANDBY = 'http://192.168.1.21:4780';

/** What `GET /standby/status` answers (PairStatus), as JSON. */
const hubAlone = {
  role: 'hub',
  epoch: 1,
  this_url: HUB,
  peer_url: null,
  hub: { standby_connected: false, standby_url: null, head: 0, acknowledged: 0, lag_changes: 0, lag_ms: 0, answering_alone: true },
  standby: null,
  at: 1,
};
const hubWithStandby = {
  ...hubAlone,
  epoch: 2,
  peer_url: STANDBY,
  hub: { standby_connected: true, standby_url: STANDBY, head: 40, acknowledged: 37, lag_changes: 3, lag_ms: 420, answering_alone: false },
};
const standbyOf = { role: 'standby', epoch: 2, this_url: STANDBY, peer_url: HUB, hub: null, standby: { applied: 37 }, at: 1 };

function source(body: unknown, made: string[] = []): StandbySource {
  return {
    status: async () => readStandbyStatus(body),
    makeCode: async () => {
      made.push('code');
      return { code: '482913', expiresAt: Date.now() + 300_000 };
    },
  };
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
    paired.screen.unmount();
  });

  test(`"Standby code" is disabled with its reason on the standby, off the manager's screen and in the desktop window (${lang})`, async () => {
    const onStandby = await mount(source(standbyOf), lang);
    await expect.element(onStandby.screen.getByTestId('standby-role')).toHaveTextContent(HUB);
    await expect.poll(() => reason(onStandby.screen.container)).toBe(onStandby.locale.t('reason.standby.codeNotHub'));
    onStandby.screen.unmount();
    const device = await mount({ status: async () => 'not-manager', makeCode: async () => null }, lang);
    await expect.poll(() => reason(device.screen.container)).toBe(device.locale.t('reason.standby.notManagerScreen'));
    device.screen.unmount();
    const desktop = await mount(null, lang);
    await expect.poll(() => reason(desktop.screen.container)).toBe(desktop.locale.t('reason.standby.desktop'));
    desktop.screen.unmount();
  });
}
