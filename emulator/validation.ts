import { ServiceError } from './envelope.ts';

/**
 * Collects validation failures the way Laravel reports them (emulator/README.md, 5):
 * 422, `meta.message` is the first error, `errors` maps each field to its messages.
 */
export class Validator {
  private readonly errors: Record<string, string[]> = {};

  fail(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  get failed(): boolean {
    return Object.keys(this.errors).length > 0;
  }

  /** The collected messages, for per-order rejections that are not a 422. */
  get messages(): Record<string, string[]> {
    return this.errors;
  }

  throwIfFailed(): void {
    const first = Object.values(this.errors)[0]?.[0];
    if (first !== undefined) throw new ServiceError(422, first, { errors: this.errors });
  }
}

/** Laravel shows an attribute with its underscores as spaces: `per_page` → "per page". */
function shown(field: string): string {
  return field.replace(/_/g, ' ');
}

/** Laravel's default English messages for the rules the emulator applies. */
export const rules = {
  required: (field: string) => `The ${shown(field)} field is required.`,
  integer: (field: string) => `The ${shown(field)} field must be an integer.`,
  min: (field: string, min: number) => `The ${shown(field)} field must be at least ${min}.`,
  boolean: (field: string) => `The ${shown(field)} field must be true or false.`,
  array: (field: string) => `The ${shown(field)} field must be an array.`,
  string: (field: string) => `The ${shown(field)} field must be a string.`,
  maxItems: (field: string, max: number) => `The ${shown(field)} field must not have more than ${max} items.`,
  minItems: (field: string, min: number) => `The ${shown(field)} field must have at least ${min} items.`,
  selected: (field: string) => `The selected ${shown(field)} is invalid.`,
  uuid: (field: string) => `The ${shown(field)} field must be a valid UUID.`,
  decimal: (field: string) => `The ${shown(field)} field must have 2 decimal places.`,
};

/** An integer given as a JSON number or as query-string digits, or undefined when it is neither. */
export function asInteger(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d{1,15}$/.test(value)) return Number(value);
  return undefined;
}

/** Laravel's `boolean` rule: true, false, 1, 0, "1", "0" (not "true"). */
export function asBoolean(value: unknown): boolean | undefined {
  if (value === true || value === 1 || value === '1') return true;
  if (value === false || value === 0 || value === '0') return false;
  return undefined;
}
