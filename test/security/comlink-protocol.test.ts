import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { emulatedService, type EmulatedService } from '../support/emulated-service.ts';
import { startWebHost, type WebHost } from '../support/till-web-host.ts';
import { apply, replyTo, thrownError } from './raw-frames.ts';

// Findings: the whole Comlink protocol was reachable (a GET of
// ['constructor','name'] answered, a SET on __proto__ polluted
// Object.prototype in the host), and one malformed frame killed the host.

let service: EmulatedService;
let web: WebHost;
let socket: WebSocket;

beforeEach(async () => {
  service = await emulatedService({ seed: 4 });
  web = await startWebHost(service);
  socket = await web.rawSocket({ origin: web.origin, cookie: await web.managerCookie() });
});
afterEach(async () => {
  delete (Object.prototype as Record<string, unknown>).receiptsDir;
  delete (Object.prototype as Record<string, unknown>).polluted;
  await web.close();
  await service.close();
});

async function stillServes(id = 'alive') {
  const reply = await replyTo(socket, id, apply(id, 'session'));
  expect(thrownError(reply)).toBeNull();
  expect(reply.message).toMatchObject({ type: 'RAW', value: { paired: false } });
}

describe('only calls of till API methods cross the transport', () => {
  it("refuses a raw Comlink GET of the host's internals with an error reply, and keeps serving", async () => {
    const reply = await replyTo(socket, 'g1', { kind: 'rpc', message: { id: 'g1', type: 'GET', path: ['constructor', 'name'] } });
    const error = thrownError(reply);
    expect(error?.code).toBe('invalid_input');
    expect(error?.message).toMatch(/only calls of till API methods/);
    expect(JSON.stringify(reply)).not.toContain('Object');
    await stillServes();
  });

  it('refuses a SET on __proto__: Object.prototype in the host stays clean', async () => {
    for (const [id, path] of [
      ['s1', ['__proto__', 'receiptsDir']],
      ['s2', ['constructor', 'prototype', 'polluted']],
      ['s3', ['receiptsDir']],
    ] as const) {
      const reply = await replyTo(socket, id, { kind: 'rpc', message: { id, type: 'SET', path, value: { type: 'RAW', value: '/tmp/attacker' } } });
      expect(thrownError(reply)?.code).toBe('invalid_input');
    }
    expect(({} as Record<string, unknown>).receiptsDir).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await stillServes();
  });

  it('refuses CONSTRUCT, ENDPOINT, RELEASE and prototype paths', async () => {
    const frames = [
      { id: 'c1', type: 'CONSTRUCT', path: ['session'], argumentList: [] },
      { id: 'c2', type: 'ENDPOINT' },
      { id: 'c3', type: 'RELEASE' },
      { id: 'c4', type: 'APPLY', path: ['__proto__', 'constructor'], argumentList: [] },
      { id: 'c5', type: 'APPLY', path: ['constructor'], argumentList: [] },
      { id: 'c6', type: 'APPLY', path: ['session', 'call'], argumentList: [] },
      { id: 'c7', type: 'APPLY', path: ['stop'], argumentList: [] },
      { id: 'c8', type: 'APPLY', path: ['toString'], argumentList: [] },
    ];
    for (const message of frames) {
      const reply = await replyTo(socket, message.id, { kind: 'rpc', message });
      expect(thrownError(reply)?.code, message.id).toBe('invalid_input');
    }
    await stillServes();
  });

  it('refuses handlers, proxies and prototype keys in arguments', async () => {
    const bad = [
      { type: 'HANDLER', name: 'proxy', value: 'port' },
      { type: 'RAW', value: { __proto__: { admin: true } } },
      { type: 'RAW', value: { query: 'x', constructor: { prototype: { polluted: 1 } } } },
      { type: 'RAW', value: JSON.parse('{"a":' + '['.repeat(20) + ']'.repeat(20) + '}') },
    ];
    for (const [index, argument] of bad.entries()) {
      const id = `a${index}`;
      const frame = `{"kind":"rpc","message":{"id":"${id}","type":"APPLY","path":["search"],"argumentList":[${JSON.stringify(argument).replace('"__proto__"', '"__proto__"')}]}}`;
      const raw =
        index === 1
          ? frame.replace('"argumentList":[{"type":"RAW","value":{}}]', '"argumentList":[{"type":"RAW","value":{"__proto__":{"admin":true}}}]')
          : frame;
      const reply = await replyTo(socket, id, raw);
      expect(thrownError(reply)?.code, id).toBe('invalid_input');
      expect(thrownError(reply)?.message, id).toMatch([/handlers/, /forbidden key "__proto__"/, /forbidden key "constructor"/, /nested too deeply/][index]!);
    }
    const extra = await replyTo(socket, 'two', apply('two', 'search', [{ query: 'a' }, { query: 'b' }]));
    expect(thrownError(extra)?.message).toMatch(/at most 1/);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    await stillServes();
  });

  it('survives malformed frames: the host stays up and the connection keeps working', async () => {
    const frames = [
      '{"kind":"rpc","message":{"id":"m1","type":"APPLY","path":["session"],"argumentList":5}}',
      '{"kind":"rpc","message":{"id":"m2","type":"APPLY","path":"session","argumentList":[]}}',
      '{"kind":"rpc","message":{"id":"m3","type":"APPLY","path":["session"],"argumentList":[5]}}',
      '{"kind":"rpc","message":{"id":"m4","type":"APPLY","path":[["session"]],"argumentList":[]}}',
      '{"kind":"rpc","message":{"id":"m5","type":"APPLY","path":[],"argumentList":[]}}',
    ];
    for (const [index, frame] of frames.entries()) {
      const reply = await replyTo(socket, `m${index + 1}`, frame);
      expect(thrownError(reply)?.code).toBe('invalid_input');
    }
    // Frames without an id, or not even JSON, get no reply and change nothing.
    for (const junk of [
      'not json',
      'null',
      '5',
      '[]',
      '{"kind":"rpc"}',
      '{"kind":"rpc","message":null}',
      '{"kind":"rpc","message":{"type":"APPLY","path":["refund"]}}',
      '\u0000\uffff',
    ]) {
      socket.send(junk);
    }
    socket.send(Buffer.from([0xff, 0xfe, 0x00]));
    await stillServes('after-junk');
    // A second client is still admitted: the process did not exit.
    const other = await web.connect({ origin: web.origin, cookie: await web.managerCookie() });
    expect((await other.api.session()).paired).toBe(false);
  });

  it("still serves the real client: the renderer's Comlink calls pass the filter", async () => {
    const { api } = await web.connect({ origin: web.origin, cookie: await web.managerCookie() });
    await api.signIn({ base_url: service.emulator.baseUrl, token: service.emulator.token });
    const [product] = await api.search({ query: 'a', limit: 1 });
    const cart = await api.addItem({ product_id: product!.id, quantity: 1 });
    expect(cart.lines).toHaveLength(1);
  });
});
