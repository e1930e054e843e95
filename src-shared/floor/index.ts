export { TABLE_AREA_MAX, TABLE_NAME_MAX, TABLE_SEATS_MAX, type FloorTable } from './floor-tables.ts';
