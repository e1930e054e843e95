/** Bounds of a table a manager defines on the till (the store and the CLI check them alike). */
export const TABLE_NAME_MAX = 40;
export const TABLE_AREA_MAX = 40;
export const TABLE_SEATS_MAX = 99;

/**
 * A table of the floor as the till offers it: the service's (its Tables
 * list) or one a manager defined here (`L1`, `L2`, …) where the service has
 * none. Tables of both sources are never offered together.
 */
export interface FloorTable {
  id: string;
  name: string;
  area: string | null;
  seats: number | null;
  source: 'service' | 'local';
}
