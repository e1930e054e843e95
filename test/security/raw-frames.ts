import type { WebSocket } from 'ws';

/** Sends one raw text frame and waits for the reply envelope whose Comlink id is `id`. */
export function replyTo(socket: WebSocket, id: string, frame: unknown): Promise<{ kind: string; message: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const onMessage = (data: Buffer) => {
      const envelope = JSON.parse(String(data)) as { kind: string; message: Record<string, unknown> };
      if (envelope.kind === 'rpc' && envelope.message?.id === id) {
        socket.off('message', onMessage);
        resolve(envelope);
      }
    };
    socket.on('message', onMessage);
    socket.once('close', () => reject(new Error('the host closed the connection')));
    socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  });
}

/** A raw Comlink call as the real client sends it. */
export function apply(id: string, method: string, args: unknown[] = []) {
  return { kind: 'rpc', message: { id, type: 'APPLY', path: [method], argumentList: args.map((value) => ({ type: 'RAW', value })) } };
}

/** The error a refusal carries (Comlink's HANDLER/throw shape with our WireError). */
export function thrownError(reply: { message: Record<string, unknown> }): { name: string; message: string; code: string | null } | null {
  const message = reply.message as {
    type?: string;
    name?: string;
    value?: { isError?: boolean; value?: { name: string; message: string; code: string | null } };
  };
  return message.type === 'HANDLER' && message.name === 'throw' && message.value?.isError ? message.value.value! : null;
}

/**
 * A plain HTTP request with headers fetch() will not let a caller set (Host),
 * optionally with a body and from another loopback address (`127.0.0.2`:
 * Linux routes all of 127/8 to this machine), so tests have several clients.
 */
export function rawRequest(
  base: string,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  extra: { body?: string; localAddress?: string } = {},
): Promise<{ status: number; headers: import('node:http').IncomingHttpHeaders; body: string }> {
  return import('node:http').then(
    ({ request }) =>
      new Promise((resolve, reject) => {
        const [hostname, port] = base.split(':');
        const local = extra.localAddress ? { localAddress: extra.localAddress } : {};
        const req = request({ hostname, port: Number(port), path, method, headers, agent: false, ...local }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
        });
        req.once('error', reject);
        req.end(extra.body);
      }),
  );
}
