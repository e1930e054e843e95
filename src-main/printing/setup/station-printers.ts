// Which printers serve a station (issue 20): its receipts print on its own
// receipt printer and its cash goes to its own drawer. A station without a
// receipt printer of its own prints where the till always did: on the bound
// receipt printers no other station has taken. A station without a drawer
// printer opens the drawer of the printer its receipt prints on (the
// receipt printer's DRAWER_OPEN), as a till with one counter does.

import type { TillDatabase } from '../../db/index.ts';
import { listStations } from '../../stations/index.ts';

export interface StationPrinting {
  station: string;
  /** The station's own receipt printer; null: the branch's (those no other station took). */
  receiptPrinterId: string | null;
  /** The printer the station's drawer hangs on; null: the receipt printer's own drawer. */
  drawerPrinterId: string | null;
  /** Receipt printers other stations have: never this station's. */
  takenElsewhere: ReadonlySet<string>;
}

/** One station's printers as the stations registry keeps them. */
export interface StationPrinterRow {
  code: string;
  receiptPrinterId: string | null;
  drawerPrinterId: string | null;
}

/** Every live station's printers (the registry's rows, revoked ones left out). */
export function stationPrinterRows(db: TillDatabase): StationPrinterRow[] {
  return listStations(db).map((s) => ({ code: s.code, receiptPrinterId: s.receipt_printer_id, drawerPrinterId: s.drawer_printer_id }));
}

/** The printers of the station with this code; null for an order made outside any station (it prints as before). */
export function readStationPrinting(db: TillDatabase, station: string | null | undefined): StationPrinting | null {
  if (!station) return null;
  const rows = stationPrinterRows(db);
  const own = rows.find((row) => row.code === station);
  return {
    station,
    receiptPrinterId: own?.receiptPrinterId ?? null,
    drawerPrinterId: own?.drawerPrinterId ?? null,
    takenElsewhere: new Set(rows.filter((row) => row.code !== station && row.receiptPrinterId !== null).map((row) => row.receiptPrinterId!)),
  };
}

/** Whether a receipt printer prints this station's receipts. */
export function printsReceiptsFor(printerId: string, station: StationPrinting | null): boolean {
  if (!station) return true;
  if (station.receiptPrinterId !== null) return printerId === station.receiptPrinterId;
  return !station.takenElsewhere.has(printerId);
}

/**
 * Whether a receipt printed on `printerId` opens the drawer, given the
 * printer's own DRAWER_OPEN flag: a station with a drawer printer opens
 * that one only, so its receipts never kick another station's drawer.
 */
export function receiptOpensDrawer(printerId: string, drawerOpenFlag: boolean, station: StationPrinting | null): boolean {
  if (!station || station.drawerPrinterId === null) return drawerOpenFlag;
  return printerId === station.drawerPrinterId;
}
