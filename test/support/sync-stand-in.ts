// A stand-in for another service's Orders Sync, on a real loopback port: it
// stores what it accepts (once per uuid), refuses the orders the test says,
// and answers in the shape the test picks. It is truthful under the upload
// contract the till documents (a 2xx for one order alone that names no
// failure means stored), and it records, request by request, which orders
// its answer confirmed, so a test can check that the till never resends an
// order after it was told about it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ServiceClient } from '../../src-main/upstream/index.ts';

export const ANSWER_SHAPES = ['list', 'keyed', 'count', 'bare-success', 'unreadable', 'accepted-no-body', 'too-large-413', 'too-many-422'] as const;
export type AnswerShape = (typeof ANSWER_SHAPES)[number];

/** Members a refusal's reason may come under. */
export const REASON_MEMBERS = ['errors', 'error', 'message', 'reason', 'messages'] as const;

export interface StandInOptions {
  shape: AnswerShape;
  /** The reason an order is refused for, or null when the service takes it. */
  refuse?: (uuid: string) => string | null;
  /** For `too-large-413` and `too-many-422`: the most orders a request may carry. */
  cap?: number;
  /** Which member carries a refusal's reason (`list` and `keyed`). */
  reasonMember?: (typeof REASON_MEMBERS)[number];
  /** Answers this share of requests with a 500 before looking at them. */
  failRate?: number;
  random?: () => number;
}

export interface StandInPost {
  uuids: string[];
  status: number;
  /** The orders this answer settled, under the contract: a named outcome, or an unambiguous 2xx. */
  confirmed: string[];
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

function reasonUnder(member: (typeof REASON_MEMBERS)[number], reason: string): Record<string, unknown> {
  if (member === 'errors') return { errors: { total: [reason] } };
  if (member === 'messages') return { messages: [reason] };
  return { [member]: reason };
}

export class SyncStandIn {
  readonly stored = new Map<string, unknown>();
  readonly refused = new Map<string, string>();
  readonly posts: StandInPost[] = [];
  options: StandInOptions;
  private server: Server | null = null;
  baseUrl = '';

  constructor(options: StandInOptions) {
    this.options = options;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    return this;
  }

  client(): ServiceClient {
    return new ServiceClient({ baseUrl: this.baseUrl, token: 'stand-in', timeoutMs: 10_000 });
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Every uuid sent in a request after an earlier answer had confirmed it: must stay empty. */
  resentAfterConfirmed(): string[] {
    const confirmed = new Set<string>();
    const wrong: string[] = [];
    for (const post of this.posts) {
      for (const uuid of post.uuids) if (confirmed.has(uuid)) wrong.push(uuid);
      for (const uuid of post.confirmed) confirmed.add(uuid);
    }
    return wrong;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== '/orders/sync') return json(res, 404, { message: 'not found' });
    const orders = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { orders: { uuid: string }[] }).orders;
    const uuids = orders.map((o) => o.uuid);
    const post: StandInPost = { uuids, status: 0, confirmed: [] };
    this.posts.push(post);
    const answer = (status: number, body: unknown, confirmed: string[]) => {
      post.status = status;
      post.confirmed = confirmed;
      if (body === undefined) {
        res.writeHead(status);
        res.end();
      } else if (typeof body === 'string') {
        res.writeHead(status, { 'Content-Type': 'text/html' });
        res.end(body);
      } else json(res, status, body);
    };
    const { shape, cap = 20, failRate = 0, random = Math.random } = this.options;
    if (failRate > 0 && random() < failRate) return answer(500, { message: 'Server Error' }, []);
    if (shape === 'too-large-413' && orders.length > cap) return answer(413, { message: 'Payload Too Large' }, []);
    if (shape === 'too-many-422' && orders.length > cap) {
      const said = `The orders field must not have more than ${cap} items.`;
      return answer(422, { message: said, errors: { orders: [said] } }, []);
    }
    // Each order's fate, decided once: a uuid already stored is a duplicate whatever it carries now.
    const fate = orders.map((order) => {
      if (this.stored.has(order.uuid)) return { uuid: order.uuid, status: 'duplicate' as const };
      const reason = this.options.refuse?.(order.uuid) ?? null;
      return reason === null ? { uuid: order.uuid, status: 'created' as const, order } : { uuid: order.uuid, status: 'rejected' as const, reason };
    });
    const refused = fate.filter((f) => f.status === 'rejected');
    const store = () => {
      for (const f of fate) if (f.status === 'created') this.stored.set(f.uuid, f.order);
      for (const f of refused) this.refused.set(f.uuid, f.reason!);
    };
    const member = this.options.reasonMember ?? 'errors';
    switch (shape) {
      case 'list':
      case 'too-large-413':
      case 'too-many-422':
        store();
        return answer(
          200,
          {
            meta: { code: 200, status: 'success', message: 'synced' },
            data: { results: fate.map((f) => ({ uuid: f.uuid, status: f.status, ...(f.status === 'rejected' ? reasonUnder(member, f.reason!) : {}) })) },
          },
          uuids,
        );
      case 'keyed':
        store();
        return answer(
          200,
          { data: Object.fromEntries(fate.map((f) => [f.uuid, { status: f.status, ...(f.status === 'rejected' ? reasonUnder(member, f.reason!) : {}) }])) },
          uuids,
        );
      case 'count': {
        // Counts what it holds (new or not); names nothing.
        store();
        const accepted = fate.length - refused.length;
        const body = { data: { accepted } };
        // Confirmed: all when the count is the batch; one order alone either way (0 is its refusal).
        return answer(200, body, accepted === fate.length || fate.length === 1 ? uuids : []);
      }
      case 'bare-success':
        // A framework that validates the whole request first: one bad order and nothing is stored.
        if (refused.length > 0) {
          const errors = Object.fromEntries(fate.flatMap((f, i) => (f.status === 'rejected' ? [[`orders.${i}.total`, [f.reason!]]] : [])));
          for (const f of refused) this.refused.set(f.uuid, f.reason!);
          return answer(
            422,
            { message: 'The given data was invalid.', errors },
            refused.map((f) => f.uuid),
          );
        }
        store();
        return answer(200, { meta: { code: 200, status: 'success', message: 'Data Synced Successfully' }, data: null }, uuids);
      case 'unreadable':
      case 'accepted-no-body': {
        // Takes what it can and says nothing readable; one bad order sent alone is refused with a 422.
        if (fate.length === 1 && refused.length === 1) {
          this.refused.set(refused[0]!.uuid, refused[0]!.reason!);
          return answer(422, { message: refused[0]!.reason!, errors: {} }, uuids);
        }
        store();
        const confirmed = fate.length === 1 ? uuids : [];
        return shape === 'unreadable' ? answer(200, '<html><body>OK</body></html>', confirmed) : answer(202, undefined, confirmed);
      }
    }
  }
}
