export * from './records.ts';
export * from './kitchens.ts';
