// The X, Z and business-day reports as the receipt printer prints them:
// every label in English and Arabic, money with the currency's places, on 58 or 80 mm.

import type { DayReport, MoneyBy, ShiftReport } from '../../../src-shared/shifts/index.ts';
import type { ReceiptBlock, ReceiptDocument } from '../layout/receipt-document.ts';
import { localDateTime, money } from './format.ts';
import { LABELS, PAYMENT_METHOD_ARABIC, type Label } from './labels.ts';

const TITLES = { X: LABELS.xReport, Z: LABELS.zReport, DAY: LABELS.dayReport } as const;

type AnyReport = ShiftReport | DayReport;

/** `decimals`: the currency's places (3 for KWD), as on the receipts. */
export function composeShiftReport(report: AnyReport, decimals = 2): ReceiptDocument {
  const cash = (minor: number) => money(minor, decimals);
  const L = LABELS;
  const blocks: ReceiptBlock[] = [];
  const row = (label: Label, right?: string, bold = false) =>
    blocks.push({ kind: 'bilingual', en: label.en, ar: label.ar, ...(right === undefined ? {} : { right }), ...(bold ? { bold } : {}) });
  const title = (label: Label) => {
    blocks.push({ kind: 'text', text: label.en, align: 'center', bold: true });
    blocks.push({ kind: 'text', text: label.ar, align: 'center', bold: true });
  };
  const list = (label: Label, items: MoneyBy[], arabicOf: (m: MoneyBy) => string = (m) => m.name_ar) => {
    blocks.push({ kind: 'divider' });
    row(label, undefined, true);
    for (const m of items) blocks.push({ kind: 'bilingual', en: `${m.name_en} (${m.count})`, ar: arabicOf(m), right: cash(m.amount) });
  };

  title(TITLES[report.kind]);
  blocks.push({ kind: 'divider', style: 'double' });
  row(L.day, report.business_day);
  if (report.kind !== 'DAY') {
    // The drawer this report counts: one station's.
    if (report.station) row(L.station, report.station, true);
    row(L.cashier, report.cashier);
    row(L.opened, localDateTime(report.opened_at));
    if (report.closed_at !== null) row(L.closed, localDateTime(report.closed_at));
    if (report.closed_by) row(L.closedBy, report.closed_by);
  } else {
    row(L.shifts, String(report.shifts.length));
  }
  blocks.push({ kind: 'divider' });
  row(L.orders, String(report.orders));
  row(L.gross, cash(report.gross));
  row(L.discounts, cash(-report.discounts));
  row(L.refunds, cash(-report.refunds));
  row(L.refundCount, String(report.refund_count));
  row(L.net, cash(report.net), true);
  row(L.vat, cash(report.vat));
  if (report.unpaid !== 0) row(L.payLaterOwed, cash(report.unpaid));
  list(L.byMethod, report.by_payment_method, (m) => PAYMENT_METHOD_ARABIC[m.key] ?? m.name_ar);
  list(L.byCategory, report.by_category);
  list(L.byCashier, report.by_cashier);
  blocks.push({ kind: 'divider' });
  row(L.float, cash(report.float));
  row(L.cashIn, cash(report.cash_in));
  row(L.cashOut, cash(-report.cash_out));
  // A blind close: what the drawer should hold is printed only once it was counted (the Z report), never on an X report.
  if (report.cash_counted !== null) row(L.expected, cash(report.cash_expected), true);
  if (report.cash_counted !== null) row(L.counted, cash(report.cash_counted), true);
  if (report.over_short !== null) row(L.overShort, cash(report.over_short), true);
  if (report.pending_uploads > 0) row(L.pending, String(report.pending_uploads));
  // The day of a branch with several counters: each station's own lines, which add up to the figures above.
  if (report.kind === 'DAY' && report.stations.length > 0) {
    blocks.push({ kind: 'divider' });
    row(L.byStation, undefined, true);
    for (const line of report.stations) {
      const code = line.station ?? '-';
      blocks.push({ kind: 'bilingual', en: `${L.station.en} ${code} (${line.orders})`, ar: `${L.station.ar} ${code}`, right: cash(line.net) });
      // Blind, as above: a station's expected cash only once its drawers were counted.
      if (line.cash_counted !== null) blocks.push({ kind: 'bilingual', en: `  ${L.expected.en}`, ar: L.expected.ar, right: cash(line.cash_expected) });
      if (line.over_short !== null) blocks.push({ kind: 'bilingual', en: `  ${L.overShort.en}`, ar: L.overShort.ar, right: cash(line.over_short) });
    }
  }
  blocks.push({ kind: 'feed', lines: 2 });
  blocks.push({ kind: 'cut', partial: true });
  return { blocks };
}
