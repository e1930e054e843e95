import { describe, expect, it } from 'vitest';
import { AnswerBuffers } from '../../../src-main/upstream/answer-buffers.ts';

describe('AnswerBuffers', () => {
  it('writes the next large answer into the memory of one already read', () => {
    const buffers = new AnswerBuffers(2, 1024);
    const first = buffers.take(4000);
    expect(first.byteLength).toBe(4000);
    buffers.give(first);
    const second = buffers.take(3000);
    expect(second.byteLength).toBe(3000);
    expect(second.buffer).toBe(first.buffer);
  });

  it('never hands out memory that is still being read', () => {
    const buffers = new AnswerBuffers(2, 1024);
    const first = buffers.take(4000);
    const second = buffers.take(4000);
    expect(second.buffer).not.toBe(first.buffer);
    // Given back twice by mistake, it is still handed out once.
    buffers.give(first);
    buffers.give(first);
    const third = buffers.take(4000);
    const fourth = buffers.take(4000);
    expect(third.buffer).toBe(first.buffer);
    expect(fourth.buffer).not.toBe(first.buffer);
  });

  it('gives small answers plain memory and keeps at most `keep` spare buffers', () => {
    const buffers = new AnswerBuffers(1, 1024);
    const small = buffers.take(100);
    buffers.give(small);
    // Never kept: a small answer's memory may be Node's pool, shared with other buffers.
    expect(buffers.take(1024).buffer).not.toBe(small.buffer);
    const a = buffers.take(2000);
    const b = buffers.take(2000);
    buffers.give(a);
    buffers.give(b);
    // Only the last one given is kept.
    expect(buffers.take(2000).buffer).toBe(b.buffer);
    expect(buffers.take(2000).buffer).not.toBe(a.buffer);
  });

  it('takes a larger buffer than a spare one when the answer does not fit', () => {
    const buffers = new AnswerBuffers(2, 1024);
    const small = buffers.take(2000);
    buffers.give(small);
    const large = buffers.take(10_000);
    expect(large.byteLength).toBe(10_000);
    expect(large.buffer).not.toBe(small.buffer);
  });
});
