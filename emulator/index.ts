/**
 * The service emulator: a faithful stand-in for the Restaurant Operations
 * Service API v2 with a demo tenant and fault injection (see README.md).
 */
export { startEmulator } from './start-emulator.ts';
export type { EmulatorOptions, RunningEmulator } from './start-emulator.ts';
export { runEmulatorCli, EMULATOR_USAGE } from './cli.ts';
export type { EmulatorCliIo } from './cli.ts';
export type { Faults } from './faults.ts';
export { PROFILE_NAMES, SPEC_ONLY_ACCOUNTING_MEMBER, VARIANT_ACCOUNTING_MEMBER, type ProfileName } from './profiles/index.ts';
export type { Tenant, TenantCustomer, TenantPrinter, Userable } from './tenant.ts';
export type { ReceivedAttendance, ReceivedOrder, ReceivedSettlement, UploadedOrder, UploadedOrderItem } from './received-order.ts';
export type { RequestHold } from './request-hold.ts';
export type { IssueTokenOptions } from './tokens.ts';
export { createDemoTenant } from './demo-tenant.ts';
export { generateCatalog } from './generate-catalog.ts';
export type { GenerateCatalogOptions } from './generate-catalog.ts';
export { startZatcaStandIn, STAND_IN_OTP } from './zatca/start-zatca-stand-in.ts';
export type { ZatcaStandInOptions, RunningZatcaStandIn } from './zatca/start-zatca-stand-in.ts';
export type { ZatcaFaults } from './zatca/zatca-faults.ts';
export type { ReceivedDocument } from './zatca/received-document.ts';
