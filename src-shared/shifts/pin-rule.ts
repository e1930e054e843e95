/** A cashier's PIN is 4 to 6 digits: the one rule the host, the CLI and the screens check. */
export const PIN_PATTERN = /^\d{4,6}$/;

export function isPin(text: string): boolean {
  return PIN_PATTERN.test(text);
}
