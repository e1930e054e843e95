import { isPin } from '../../src-shared/shifts/index.ts';

/**
 * What a privileged call carries for the manager's PIN typed in an
 * ApprovalField: the approval when it is a PIN, nothing otherwise (a manager
 * at the till needs none; the host's hook refuses and says why).
 */
export function approvalOf(managerPin: string): { approval?: { manager_pin: string } } {
  return isPin(managerPin) ? { approval: { manager_pin: managerPin } } : {};
}
