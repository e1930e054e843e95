export { normalizePrinterAddress, type AddressCheck } from './printer-address.ts';
