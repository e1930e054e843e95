export type * from './shift-views.ts';
export { CASHIER_ROLES } from './shift-views.ts';
export { DENOMINATIONS, countedAmount } from './denominations.ts';
export {
  buildShiftReport,
  buildDayReport,
  type ReportInput,
  type ReportOrder,
  type ReportPayment,
  type ReportShift,
  type ReportNames,
} from './shift-report.ts';
export { shiftReportJson, dayReportJson } from './report-json.ts';
export { isPin, PIN_PATTERN } from './pin-rule.ts';
export { approvalInput, refundInput, shiftInputs } from './shift-inputs.ts';
