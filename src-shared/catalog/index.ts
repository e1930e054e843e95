export * from './records.ts';
export * from './kitchens.ts';
export * from './dining-tables.ts';
export * from './option-groups.ts';
export * from './discounts.ts';
