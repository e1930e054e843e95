export { hashPin, verifyPin } from './pin-hash.ts';
export { PinThrottle, pinDelayMs, FREE_PIN_TRIES, cashierScope, clientScope } from './pin-throttle.ts';
export { currentPinCaller, pinCallerOf, runAsPinCaller, type PinCaller } from './pin-caller.ts';
export {
  addCashier,
  cashierNames,
  findCashier,
  findCashierByName,
  hasActiveManager,
  hasCashiers,
  listCashiers,
  publicCashier,
  signOutEverywhere,
  updateCashier,
  type StoredCashier,
} from './cashier-store.ts';
export { approveWithManagerPin, checkCashierPin } from './pin-checks.ts';
export { managerPinPolicy, type PinApprovalRequest, type PinDecision } from './manager-pin-policy.ts';
export { StaffSession } from './staff-session.ts';
