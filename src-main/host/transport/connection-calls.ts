import { TillError } from '../../../src-shared/errors/index.ts';

/**
 * Calls one connection may have waiting or running at once; one more is
 * refused, not queued. Room for a barcode scanner or fast typing, which send
 * a search per key (13 keys in a few milliseconds), on a busy hub: 8 refused
 * a cashier's search mid-word. The queue still runs them one at a time.
 */
export const MAX_CALLS_IN_FLIGHT = 64;

/**
 * Methods that wait on the network for long (a catalog pull, ZATCA
 * onboarding): they run beside the connection's other calls, so a cashier
 * who taps "Sync now" keeps selling while the pull runs. They still count
 * towards the calls in flight.
 */
const RUN_BESIDE: ReadonlySet<string> = new Set(['signIn', 'syncNow', 'onboardZatca']);

interface Waiting {
  start: () => void;
  drop: () => void;
}

/**
 * One connection's calls (issue 32): run one at a time in the order they
 * came, each started on a later turn of the event loop, so a close, or
 * another screen's call, that arrived meanwhile is handled first. A screen
 * that floods the host therefore waits behind itself, not every counter
 * behind it; when its connection closes, the calls it queued and that have
 * not started never run; and it may have at most `max` calls waiting or
 * running: one more is refused at once with a clear error.
 */
export class ConnectionCalls {
  private readonly waiting: Waiting[] = [];
  private running = false;
  private inFlight = 0;
  private closed = false;

  constructor(private readonly max = MAX_CALLS_IN_FLIGHT) {}

  /** Runs `call` in its turn; refused when the connection is closed or has `max` calls in flight already. */
  run<T>(method: string, call: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(disconnected());
    if (this.inFlight >= this.max) {
      return Promise.reject(
        new TillError('busy', `this screen has ${this.max} calls waiting for the till already: wait for their answers, then try again`, {
          code: 'host.tooManyCalls',
          params: { max: this.max },
        }),
      );
    }
    this.inFlight++;
    return new Promise<T>((resolve, reject) => {
      const settle = (beside: boolean) => () => {
        this.inFlight--;
        if (beside) return;
        this.running = false;
        this.next();
      };
      const start = (beside: boolean) => {
        const done = settle(beside);
        new Promise<T>((begun) => begun(call())).then(resolve, reject).finally(done);
      };
      if (RUN_BESIDE.has(method)) return start(true);
      this.waiting.push({
        start: () => start(false),
        drop: () => {
          this.inFlight--;
          reject(disconnected());
        },
      });
      this.next();
    });
  }

  /** The connection closed: nothing it queued starts any more. */
  close(): void {
    this.closed = true;
    for (const call of this.waiting.splice(0)) call.drop();
  }

  private next(): void {
    if (this.running || this.closed) return;
    const call = this.waiting.shift();
    if (!call) return;
    this.running = true;
    setImmediate(() => {
      if (!this.closed) return call.start();
      this.running = false;
      call.drop();
    });
  }
}

/** The answer of a call that never ran: its connection closed first (nobody is left to read it). */
function disconnected(): TillError {
  return new TillError('hub_unreachable', 'the connection closed before the till started this call: nothing was done', { code: 'host.disconnected' });
}
