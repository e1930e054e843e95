// The Branch screen's till API (BranchApi) over this till's database: the
// printers' bindings and test prints, kitchen routing, the receipt's
// identity and the till's numbering. Every input is parsed by its zod
// schema first; bad input is a TillError naming the field and changes nothing.

import { normalizePrinterAddress } from '../../src-shared/printing/index.ts';
import { parseInput } from '../../src-shared/api/index.ts';
import { type BranchApi, type BranchInputs, type BranchPrinterView, type BranchSetupView, type TestPrintView } from '../../src-shared/branch/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import type { TillDatabase } from '../db/index.ts';
import {
  AppToAppError,
  appPrograms,
  bindPrinter,
  effectiveAddressPolicy,
  PrinterSendError,
  printTestPage,
  readTillPrinter,
  STRICT_POLICY,
  unbindPrinter,
  type PrinterAddressPolicy,
  type PrinterStatus,
} from '../printing/index.ts';
import { readReplicaMeta } from '../catalog/index.ts';
import { readBranchProfile } from '../catalog/index.ts';
import { SettingError } from '../settings/index.ts';
import { probeBranchPrinters, readBranchPrinters, type ProbeAnswers } from './branch-printers.ts';
import type { PrinterProbes } from './printer-probes.ts';
import { readCategoryRoutes, readKitchens, resetRouting, routeCategory } from './kitchen-setup.ts';
import { readReceiptSettings, writeReceiptSettings } from './receipt-settings.ts';
import { renderSettingsPreview } from './receipt-sample.ts';
import { readTillSettings, writeTillSettings } from './till-settings.ts';
import { checkLogo, logoBytes, storeLogo } from './logo-file.ts';

export interface BranchSetupOptions {
  db: TillDatabase;
  /** The operator's exceptions (flags, demo); the setting printing.allowed_ports is added. */
  policy?: PrinterAddressPolicy;
  /** Live printer states from the print queue, when one runs here. */
  statuses?: () => PrinterStatus[];
  /** How long a printer may take to answer the status request (DLE EOT); 0 asks none. Default 800 ms. */
  probeTimeoutMs?: number;
  /** Called after a binding or routing changed: the queue retries, the UI refreshes. */
  onChange?: () => void;
  /** Where the printers' last answers are kept for the status bar (printerStates); without it they are used once. */
  probeMemory?: PrinterProbes;
  /** Called when a printer's answer changed what it is shown as (out of paper, not answering). */
  onPrinterStates?: () => void;
  /** The calling screen's station code, for the sample receipt's number; none: numbers without a prefix. */
  stationCode?: () => string;
  now?: () => number;
}

/** Errors from the printing layer become TillErrors a person can act on. */
function asTillError(error: unknown): never {
  if (error instanceof TillError) throw error;
  if (error instanceof PrinterSendError) {
    const input = error.code === 'invalid-address' || error.code === 'address-not-allowed';
    throw new TillError(input ? 'invalid_input' : 'printer_error', error.message, { code: `printer.${error.code}`, params: { address: error.address } });
  }
  if (error instanceof AppToAppError) {
    if (error.code === 'not-allowed')
      throw new TillError('invalid_input', error.message, { code: 'printer.programNotAllowed', params: { program: error.program ?? '' } });
    throw new TillError('printer_error', error.message, { code: 'printer.program' });
  }
  if (error instanceof SettingError) throw new TillError('invalid_input', error.message, { code: 'setting', params: { field: error.key } });
  throw error;
}

/** What is bound: a bare IP as `tcp://IP:9100` (the form shown back), a device path as typed; anything else as typed, for the policy to refuse in words. */
function storedAddress(address: string | null): string | null {
  if (address === null || address === '') return null;
  const check = normalizePrinterAddress(address);
  return check.ok ? check.address : address;
}

export class BranchSetup implements BranchApi {
  private readonly db: TillDatabase;
  private readonly now: () => number;

  constructor(private readonly options: BranchSetupOptions) {
    this.db = options.db;
    this.now = options.now ?? Date.now;
  }

  private policy(): PrinterAddressPolicy {
    return effectiveAddressPolicy(this.db, this.options.policy ?? STRICT_POLICY);
  }

  private printerOrThrow(printerId: string) {
    const printer = readTillPrinter(this.db, printerId);
    if (!printer)
      throw new TillError('not_found', `there is no printer ${printerId} in the catalog; sync, or pick another printer`, { code: 'printer.unknown' });
    return printer;
  }

  private changed(): Promise<BranchSetupView> {
    this.options.onChange?.();
    return this.view();
  }

  /** Each bound network printer is asked how it is (DLE EOT) through the address policy; a silent one keeps its jobs' state. */
  private async probes(): Promise<ProbeAnswers> {
    if (this.options.probeTimeoutMs === 0) return new Map();
    let policy: PrinterAddressPolicy;
    try {
      policy = this.policy();
    } catch {
      return new Map(); // a broken printing.allowed_ports: the jobs say so
    }
    return probeBranchPrinters(this.db, policy, this.options.probeTimeoutMs);
  }

  /**
   * Every printer as shown now, from the queue's statuses and the printers'
   * last answers, without asking them again: what the status bar shows, so
   * that it says what the Branch screen's cards say.
   */
  printerStates(): BranchPrinterView[] {
    return readBranchPrinters(this.db, this.options.statuses?.(), this.options.probeMemory?.current());
  }

  private async view(): Promise<BranchSetupView> {
    const probes = await this.probes();
    if (this.options.probeMemory?.remember(probes)) this.options.onPrinterStates?.();
    const { me } = readReplicaMeta(this.db);
    const profile = readBranchProfile(this.db);
    return {
      printers: readBranchPrinters(this.db, this.options.statuses?.(), probes),
      kitchens: readKitchens(this.db),
      categories: readCategoryRoutes(this.db),
      receipt: readReceiptSettings(this.db),
      till: readTillSettings(this.db),
      defaults: {
        seller_name_en: me?.market.name_en ?? '',
        seller_name_ar: me?.market.name_ar ?? '',
        vat_number: me?.market.vat_number ?? profile?.vatNumber ?? '',
      },
    };
  }

  async branchSetup(input?: BranchInputs['branchSetup']): Promise<BranchSetupView> {
    // The approval it may carry is the authorization hook's; the view is the same.
    parseInput('branchSetup', input);
    return this.view();
  }

  /** Nothing to do here: the authorization hook ends the station's Branch visit on this call (host/authorization, branch-visits.ts). */
  async leaveBranch(): Promise<void> {}

  async bindPrinter(input: BranchInputs['bindPrinter']): Promise<BranchSetupView> {
    const { printer_id, address, app_command, paper_width } = parseInput('bindPrinter', input);
    const printer = this.printerOrThrow(printer_id);
    if (printer.settings.APP_TO_APP ? app_command === null && address !== null : app_command !== null) {
      throw new TillError(
        'invalid_input',
        printer.settings.APP_TO_APP
          ? `printer "${printer.name}" is APP_TO_APP: bind it to a program, not an address`
          : `printer "${printer.name}" is not APP_TO_APP: bind it to tcp://HOST:PORT or a device such as /dev/usb/lp0`,
        { code: printer.settings.APP_TO_APP ? 'printer.needsProgram' : 'printer.needsAddress', params: { name: printer.name } },
      );
    }
    try {
      bindPrinter(
        this.db,
        printer_id,
        { address: storedAddress(address), appCommand: app_command, ...(paper_width ? { paperWidth: paper_width } : {}) },
        this.options.policy ?? STRICT_POLICY,
        this.now(),
      );
    } catch (error) {
      asTillError(error);
    }
    return this.changed();
  }

  async unbindPrinter(input: BranchInputs['unbindPrinter']): Promise<BranchSetupView> {
    const { printer_id } = parseInput('unbindPrinter', input);
    this.printerOrThrow(printer_id);
    unbindPrinter(this.db, printer_id);
    return this.changed();
  }

  async testPrint(input: BranchInputs['testPrint']): Promise<TestPrintView> {
    const { printer_id } = parseInput('testPrint', input);
    const printer = this.printerOrThrow(printer_id);
    if (!printer.bound)
      throw new TillError('invalid_input', `printer "${printer.name}" is not bound on this till: give it an address first`, {
        code: 'printer.unbound',
        params: { name: printer.name },
      });
    const at = this.now();
    try {
      const { bytes } = await printTestPage(printer, { policy: this.policy(), appPrograms: appPrograms(this.db), now: at });
      return { printer_id, bytes, at };
    } catch (error) {
      asTillError(error);
    }
  }

  async routeCategory(input: BranchInputs['routeCategory']): Promise<BranchSetupView> {
    const { category_id, printer_id } = parseInput('routeCategory', input);
    try {
      routeCategory(this.db, category_id, printer_id, this.now());
    } catch (error) {
      asTillError(error);
    }
    return this.changed();
  }

  async resetRouting(input: BranchInputs['resetRouting']): Promise<BranchSetupView> {
    const { printer_id } = parseInput('resetRouting', input);
    if (printer_id !== undefined) this.printerOrThrow(printer_id);
    resetRouting(this.db, printer_id);
    return this.changed();
  }

  async saveReceiptSettings(input: BranchInputs['saveReceiptSettings']): Promise<BranchSetupView> {
    const settings = parseInput('saveReceiptSettings', input);
    if (settings.logo_file !== '') this.checkLogo(settings.logo_file);
    try {
      writeReceiptSettings(this.db, settings);
    } catch (error) {
      asTillError(error);
    }
    return this.changed();
  }

  async receiptSettingsPreview(input: BranchInputs['receiptSettingsPreview']): Promise<string> {
    const { paper_width, logo_png_base64, ...settings } = parseInput('receiptSettingsPreview', input);
    let chosen: Uint8Array | undefined;
    if (logo_png_base64 !== undefined) {
      chosen = logoBytes(logo_png_base64);
      await checkLogo(chosen);
    } else if (settings.logo_file !== '') this.checkLogo(settings.logo_file);
    try {
      const png = await renderSettingsPreview(this.db, settings, this.options.stationCode?.() ?? null, paper_width, this.now(), chosen);
      return `data:image/png;base64,${png.toString('base64')}`;
    } catch (error) {
      throw new TillError('invalid_input', (error as Error).message);
    }
  }

  async saveTillSettings(input: BranchInputs['saveTillSettings']): Promise<BranchSetupView> {
    const settings = parseInput('saveTillSettings', input);
    try {
      writeTillSettings(this.db, settings);
    } catch (error) {
      asTillError(error);
    }
    return this.changed();
  }

  async uploadLogo(input: BranchInputs['uploadLogo']): Promise<BranchSetupView> {
    const { png_base64 } = parseInput('uploadLogo', input);
    await storeLogo(this.db, logoBytes(png_base64));
    return this.changed();
  }

  /** A logo is a PNG file given by its full path; anything else is refused before it is read. */
  private checkLogo(path: string): void {
    if (!/^(\/|[A-Za-z]:\\)/.test(path) || !/\.png$/i.test(path)) {
      throw new TillError('invalid_input', `logo_file: give the full path of a PNG file, got ${JSON.stringify(path)}`, { code: 'logo.path', params: { path } });
    }
  }
}
