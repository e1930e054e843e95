/**
 * Memory for large answers' bytes, written again once the answer is read.
 * A 100,000-product pull reads 200 pages of about 700 KB; each page's bytes
 * live a few turns of the event loop (the page waits its turn, then is
 * decoded), long enough to outlive V8's young generation, and a buffer that
 * reaches the old generation is freed only by a full collection: up to 27 MB
 * of a pull's peak was bytes of pages already read (issue 37). Here they are
 * written into a few buffers that go round instead.
 */
export class AnswerBuffers {
  private readonly free: ArrayBuffer[] = [];
  /** Memory this made: nothing else (Node's shared pool of small buffers) is ever handed out again. */
  private readonly own = new WeakSet<ArrayBuffer>();

  /** `keep`: spare buffers held at most (a pull's pages in flight and waiting); below `minBytes` an answer gets plain memory. */
  constructor(
    private readonly keep = 8,
    readonly minBytes = 64 * 1024,
  ) {}

  /** A buffer of exactly `size` bytes, in memory of a returned one when one is large enough. */
  take(size: number): Buffer {
    if (size < this.minBytes) return Buffer.allocUnsafe(size);
    const index = this.free.findIndex((memory) => memory.byteLength >= size);
    // A quarter more than asked: the next page of the same list is rarely the same size.
    let memory = index >= 0 ? this.free.splice(index, 1)[0] : undefined;
    if (!memory) {
      memory = new ArrayBuffer(Math.ceil(size * 1.25));
      this.own.add(memory);
    }
    return Buffer.from(memory, 0, size);
  }

  /** `bytes` (from `take`) will not be read again: its memory may hold the next answer. */
  give(bytes: Buffer): void {
    const memory = bytes.buffer;
    if (!(memory instanceof ArrayBuffer) || !this.own.has(memory) || this.free.includes(memory)) return;
    if (this.free.length >= this.keep) this.free.shift();
    this.free.push(memory);
  }
}
