import { parseApiVersion } from '../../src-shared/api-version.ts';
import { parseInput } from '../../src-shared/api/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import { promotionAlreadyApplied, type AppliedPromotion, type CartView, type PromotionSource, type TillInputs } from '../../src-shared/selling/index.ts';
import type { TabView } from '../../src-shared/floor/index.ts';
import { isSettingKey, secretNameOf } from '../../src-shared/settings/index.ts';
import { currencyDecimals, readBranchProfile } from '../catalog/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { orderWithPromotion } from '../orders/index.ts';
import { settingOrDefault } from '../settings/index.ts';
import { ServiceClient } from '../upstream/index.ts';
import { checkReward } from './check-reward.ts';
import type { OfferedDiscount } from './offered-discount.ts';
import { verifyCoupon, type CheckOutcome } from './verify-coupon.ts';

/** The calling station's cart, as selling keeps it (the host hands selling in). */
export interface PromotionCart {
  cartPromotions(): AppliedPromotion[];
  /** Refuses a code already on the cart. */
  addPromotion(promotion: AppliedPromotion): CartView;
  removeCode(input: TillInputs['removeCode']): Promise<CartView>;
  /** coupons.offline = replica: the replica's discount with this code whose rules hold for the cart now, or null. */
  replicaCoupon(code: string): OfferedDiscount | null;
}

/** The tabs a code may go on instead (issue 35: a table's tab), as the floor keeps them (the host hands the floor in). */
export interface PromotionTabs {
  tabCodes(tabId: string): AppliedPromotion[];
  /** A change of the tab at `version`; refuses a code already on it. */
  addTabPromotion(tabId: string, version: number, promotion: AppliedPromotion): TabView;
  /** Refuses (stale_tab, naming what changed) when the tab is no longer at `version`. */
  requireTabVersion(tabId: string, version: number): void;
  /** The tab's version now. */
  tabVersion(tabId: string): number;
  tabReplicaCoupon(tabId: string, code: string): OfferedDiscount | null;
  removeTabCode(input: { tab_id: string; version: number; code: string }): Promise<TabView>;
}

/** Where a checked code goes: a screen's cart or a tab, answering with its view. */
interface CodeHolder<View> {
  codes(): AppliedPromotion[];
  add(promotion: AppliedPromotion): View;
  replicaCoupon(code: string): OfferedDiscount | null;
}

export interface PromotionServiceOptions {
  db: TillDatabase;
  /** Where the service token and loyalty.api_token are kept (never the settings table). */
  secrets: { get(name: string): string | null };
  /** The cart the codes go on (the calling station's). */
  selling: PromotionCart;
  /** The open tabs, for applyTabCode; without them a tab's code is refused. */
  tabs?: PromotionTabs;
  /** The till's clock: a reward check's `date` and `timestamp`. */
  now: () => number;
  /**
   * The service to ask, when not the session kept in the database (`pos
   * sell --base-url --token`). Null: the till's own session.
   */
  client?: ServiceClient | null;
  /** A code among the replica's discounts, for coupons.offline = replica; by default the cart's (selling.replicaCoupon). */
  couponInReplica?: (code: string) => OfferedDiscount | null;
  /** The branch's time zone (IANA) for the reward check's `date`; by default the setting branch.time_zone, else the machine's. */
  timeZone?: () => string | null;
}

const refused = (code: string, reason: string, message: string, params: Record<string, string> = {}) =>
  new TillError('code_refused', message, { code: reason, params: { code, ...params } });

/**
 * Coupons and loyalty rewards at the counter (issue 35, items 2 and 3): a
 * code is checked with the service, and its discount goes on the calling
 * station's cart. Whatever goes wrong, the cart is left as it was and the
 * cashier reads why (TillError `code_refused` with a reason): the sale goes on.
 */
export class PromotionService {
  constructor(private readonly options: PromotionServiceOptions) {}

  async applyCode(input: TillInputs['applyCode']): Promise<CartView> {
    const { source, code } = parseInput('applyCode', input);
    const { selling } = this.options;
    return this.applyTo(
      {
        codes: () => selling.cartPromotions(),
        add: (promotion) => selling.addPromotion(promotion),
        replicaCoupon: (c) => (this.options.couponInReplica ? this.options.couponInReplica(c) : selling.replicaCoupon(c)),
      },
      source,
      code,
    );
  }

  /**
   * A code for a table's open tab (issue 35): checked exactly as at the
   * counter, then given on the tab. The screen's `version` is held to before
   * the service is asked; once the code is checked (a reward's check redeems
   * it) it goes on the tab as it is then, still open: another screen's round
   * meanwhile must not lose a redeemed reward, and a code is the whole tab's.
   */
  async applyTabCode(input: TillInputs['applyTabCode']): Promise<TabView> {
    const { tab_id, version, source, code } = parseInput('applyTabCode', input);
    const tabs = this.tabs();
    tabs.requireTabVersion(tab_id, version);
    return this.applyTo(
      {
        codes: () => tabs.tabCodes(tab_id),
        add: (promotion) => tabs.addTabPromotion(tab_id, tabs.tabVersion(tab_id), promotion),
        replicaCoupon: (c) => tabs.tabReplicaCoupon(tab_id, c),
      },
      source,
      code,
    );
  }

  removeTabCode(input: TillInputs['removeTabCode']): Promise<TabView> {
    return this.tabs().removeTabCode(parseInput('removeTabCode', input));
  }

  private tabs(): PromotionTabs {
    if (!this.options.tabs) throw new TillError('not_found', 'this till keeps no tabs here: apply the code at the counter');
    return this.options.tabs;
  }

  private async applyTo<View>(holder: CodeHolder<View>, source: PromotionSource, code: string): Promise<View> {
    // Once an order: a code already on the cart (or tab) is not checked (nor redeemed) again.
    if (holder.codes().some((p) => p.code === code)) throw promotionAlreadyApplied(code);
    const promotion = source === 'coupon' ? await this.coupon(code, holder) : await this.reward(code);
    // A second tap while the first check was out: the first one's discount stands, once.
    return holder.add(promotion);
  }

  /**
   * The branch's time zone for the reward check's `date`: the setting
   * `branch.time_zone` the service discounts bring (issue 35 item 1, read
   * by name so this works before and after it lands), else the machine's.
   */
  private timeZone(): string | null {
    if (this.options.timeZone) return this.options.timeZone();
    const key = 'branch.time_zone';
    if (!isSettingKey(key)) return null;
    const zone: unknown = settingOrDefault(this.options.db, key);
    return typeof zone === 'string' ? zone : null;
  }

  /** Takes a code off the cart (nothing to ask the service). */
  removeCode(input: TillInputs['removeCode']): Promise<CartView> {
    return this.options.selling.removeCode(input);
  }

  private branch(): { marketId: string; branchId: string } {
    const profile = readBranchProfile(this.options.db);
    if (!profile) throw new TillError('no_catalog', 'this till knows no market yet: sign in and sync first');
    if (profile.branchId === null) throw new TillError('no_branch', 'this till knows its market but not its branch: set branch_id first');
    return { marketId: profile.marketId, branchId: profile.branchId };
  }

  /** The service as the session keeps it (base URL in settings, token in the secret store), or the one given. */
  private session(): ServiceClient | null {
    if (this.options.client !== undefined) return this.options.client;
    const session = settingOrDefault(this.options.db, 'session');
    const token = this.options.secrets.get('token');
    if (!session || !token) return null;
    return new ServiceClient({ baseUrl: session.base_url, token, apiVersion: parseApiVersion(session.api_version) });
  }

  private async coupon(code: string, holder: Pick<CodeHolder<unknown>, 'replicaCoupon'>): Promise<AppliedPromotion> {
    const { db } = this.options;
    const { branchId } = this.branch();
    const client = this.session();
    const outcome: CheckOutcome = client
      ? await verifyCoupon(client, {
          path: settingOrDefault(db, 'coupons.verify_path'),
          codeField: settingOrDefault(db, 'coupons.code_field'),
          code,
          branchId,
          decimals: currencyDecimals(db),
        })
      : { kind: 'offline', message: 'not signed in' };
    if (outcome.kind === 'offered') return { source: 'coupon', code, verified: true, ...outcome.offer };
    if (outcome.kind === 'refused')
      throw refused(code, 'coupon.refused', `the service refused the coupon ${code}${outcome.message ? ` (${outcome.message})` : ''}`);
    if (outcome.kind === 'unreadable') throw refused(code, 'coupon.unreadable', `the service's answer for the coupon ${code} names no discount Till can read`);
    // The service is there: a 404 is its "no such code" (the emulator's), or coupons.verify_path is not its Verify.
    if (outcome.kind === 'not_found') {
      throw refused(
        code,
        'coupon.refused',
        `the service refused the coupon ${code} (404: no such coupon, or no Verify at ${settingOrDefault(db, 'coupons.verify_path')}: see coupons.verify_path)`,
      );
    }
    if (outcome.kind === 'unauthenticated' || client === null) {
      throw refused(code, 'promotion.not_signed_in', `the coupon ${code} cannot be checked: this till is not signed in to the service`);
    }
    // No judgement from the service: coupons.offline decides.
    if (settingOrDefault(db, 'coupons.offline') !== 'replica') {
      throw refused(code, 'coupon.offline', `the coupon ${code} cannot be checked while the service is unreachable (coupons.offline = refuse)`);
    }
    const known = holder.replicaCoupon(code);
    if (!known) throw refused(code, 'coupon.not_in_replica', `the service is unreachable and ${code} is not among the replica's discounts`);
    return { source: 'coupon', code, verified: false, ...known };
  }

  private async reward(code: string): Promise<AppliedPromotion> {
    const { db, secrets, now } = this.options;
    const used = orderWithPromotion(db, 'reward', code);
    if (used) throw refused(code, 'reward.used', `the reward ${code} was already redeemed on order ${used.number}`, { number: used.number });
    const provider = settingOrDefault(db, 'loyalty.provider');
    const apiToken = secrets.get(secretNameOf('loyalty.api_token'));
    if (provider === null || apiToken === null) {
      throw refused(code, 'reward.not_set_up', 'loyalty rewards are not set up: set loyalty.provider and loyalty.api_token');
    }
    const { marketId, branchId } = this.branch();
    const session = settingOrDefault(db, 'session');
    const baseUrl = this.options.client?.baseUrl ?? session?.base_url ?? null;
    if (baseUrl === null) throw refused(code, 'promotion.not_signed_in', `the reward ${code} cannot be checked: this till is not signed in to the service`);
    const outcome = await checkReward({
      baseUrl,
      provider,
      apiToken,
      code,
      businessReference: settingOrDefault(db, 'loyalty.business_reference') ?? marketId,
      branchId,
      at: now(),
      timeZone: this.timeZone(),
      decimals: currencyDecimals(db),
    });
    if (outcome.kind === 'offered') return { source: 'reward', code, verified: true, ...outcome.offer };
    if (outcome.kind === 'unreadable') throw refused(code, 'reward.unreadable', `the loyalty provider's answer for ${code} names no discount Till can read`);
    if (outcome.kind === 'offline') throw refused(code, 'reward.offline', `the reward ${code} cannot be checked: the loyalty provider is unreachable`);
    // The contract shows the path: a 404 is most likely a loyalty.provider the service does not have, not a judgement of the code.
    if (outcome.kind === 'not_found') {
      throw refused(code, 'reward.not_found', `the service has no loyalty check for ${code} at /sync/${provider}/check_reward (404): check loyalty.provider`);
    }
    // The api-token refused (401): no judgement of the code, and every reward fails until the token is set again.
    if (outcome.kind === 'unauthenticated') {
      throw refused(code, 'reward.token_refused', `the reward ${code} cannot be checked: the service did not accept loyalty.api_token (401); set it again`);
    }
    throw refused(code, 'reward.refused', `the loyalty provider refused the reward ${code}`);
  }
}

/** For `pos sell --coupon/--reward`: checks one code and puts it on the calling station's cart, as the counter's dialog does. */
export function applyPromotionCode(options: PromotionServiceOptions, source: PromotionSource, code: string): Promise<CartView> {
  return new PromotionService(options).applyCode({ source, code });
}
