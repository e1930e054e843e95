/**
 * A request kept waiting after its work is done and before its answer goes
 * out, until the test releases it: the one way to do something on the
 * client "while the request is in flight" deterministically, without timing.
 */
export interface RequestHold {
  /** Resolves once the held request has arrived and done its work. */
  arrived: Promise<void>;
  /** Lets the answer go (before or after it arrived). */
  release(): void;
}

/** A hold as the emulator keeps it until a request takes it. */
export interface ArmedHold extends RequestHold {
  method: string;
  path: string;
  arrive(): void;
  released: Promise<void>;
}

export function armHold(holds: ArmedHold[], method: string, path: string): RequestHold {
  let arrive!: () => void;
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const hold: ArmedHold = { method: method.toUpperCase(), path, arrived, release, arrive, released };
  holds.push(hold);
  return { arrived, release };
}

/** Waits on the first hold armed for this route, if any; each hold takes one request. */
export async function takeHold(holds: ArmedHold[], method: string, path: string): Promise<void> {
  const index = holds.findIndex((h) => h.method === method && h.path === path);
  if (index < 0) return;
  const [hold] = holds.splice(index, 1);
  hold!.arrive();
  await hold!.released;
}
