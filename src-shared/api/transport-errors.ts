import { TillError, TillInputError, type ErrorReason, type InputIssue, type TillErrorCode } from '../errors/index.ts';

/**
 * How an error crosses from the host to the UI: its name, its message and,
 * for a TillError, its code. Never the stack: a cashier must not see one, and
 * the host's internals stay on the host.
 */
export interface WireError {
  name: string;
  message: string;
  code: TillErrorCode | null;
  /** What went wrong as a code and values, for the UI to word in its language. */
  reason?: ErrorReason;
  /** For bad input: each field that was wrong, as codes (no method names). */
  issues?: Omit<InputIssue, 'message'>[];
}

export function toWireError(error: unknown): WireError {
  if (error instanceof TillInputError)
    return { name: error.name, message: error.message, code: error.code, issues: error.issues.map(({ path, problem, params }) => ({ path, problem, params })) };
  if (error instanceof TillError) return { name: error.name, message: error.message, code: error.code, ...(error.reason ? { reason: error.reason } : {}) };
  if (error instanceof Error) return { name: error.name, message: error.message, code: null };
  return { name: 'Error', message: String(error), code: null };
}

export function fromWireError(wire: WireError): Error {
  const error = wire.code ? new TillError(wire.code, wire.message, wire.reason) : new Error(wire.message);
  error.name = wire.name;
  if (wire.issues) Object.assign(error, { issues: wire.issues });
  error.stack = `${wire.name}: ${wire.message}`;
  return error;
}

/** The part of a Comlink transfer handler this module needs; Comlink itself stays out of src-shared. */
interface ThrowTransferHandler {
  canHandle(value: unknown): value is unknown;
  serialize(value: unknown): [unknown, never[]];
  deserialize(value: unknown): unknown;
}

/**
 * Comlink's "throw" handler, changed to carry WireError: both ends of the
 * transport install it (`transferHandlers.set('throw', wireErrorTransfer(original))`).
 */
export function wireErrorTransfer(original: Pick<ThrowTransferHandler, 'canHandle'>): ThrowTransferHandler {
  return {
    canHandle: (value): value is unknown => original.canHandle(value),
    serialize: (thrown) => [{ isError: true, value: toWireError((thrown as { value: unknown }).value) }, []],
    deserialize: (serialized) => {
      throw fromWireError((serialized as { value: WireError }).value);
    },
  };
}
