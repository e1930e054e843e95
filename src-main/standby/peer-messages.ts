/**
 * Everything one machine of a pair reads from the other (docs/standby.md,
 * "The protocol"), as zod schemas: the stream's messages both ways, the
 * pairing, rejoin and `/standby/where` bodies. The peer is hostile until
 * checked, like the service (src-main/upstream): a message is read only
 * through these, and one that does not fit is refused with the reason zod
 * gives (which member, what was wrong). Unknown members are ignored.
 */
import { z } from 'zod';

const HEX_64 = /^[0-9a-f]{64}$/;
const safeInteger = z.number().refine(Number.isSafeInteger, 'not a safe integer');

/** One journal row as it travels: `row` and `old_key` stay JSON text, so SQLite (not JavaScript) reads every value back at its own type. */
const journalChange = z
  .object({
    seq: safeInteger,
    tbl: z.string(),
    op: z.enum(['I', 'U', 'D']),
    old_key: z.string().nullable(),
    row: z.string().nullable(),
  })
  .refine((c) => (c.op === 'D') === (c.row === null), 'a delete, and only a delete, carries no row')
  .refine((c) => (c.op === 'I') === (c.old_key === null), 'an insert, and only an insert, carries no old key');

/** A batch's changes, in strictly rising sequence. */
export const journalChangesSchema = z.array(journalChange).superRefine((changes, context) => {
  let previous = 0;
  changes.forEach((change, index) => {
    if (change.seq <= previous) context.addIssue({ code: 'custom', path: [index, 'seq'], message: `not after the change before it (${previous})` });
    previous = change.seq;
  });
});

const MAX_SECRETS = 16;
const SECRET_NAME = /^[A-Za-z0-9_.:-]{1,120}$/;

/** A handover's secrets (name → value; null: the hub has none, forget the copy). */
export const handedSecretsSchema = z
  .record(z.string().regex(SECRET_NAME, 'not a secret name'), z.string().max(16_384).nullable())
  .refine((secrets) => Object.keys(secrets).length <= MAX_SECRETS, `more than ${MAX_SECRETS} secrets`);

/** A record a standby says of itself (its ZATCA unit), checked for shape and size only: what it means is the caller's to check. */
export const peerRecordSchema = z.record(z.string(), z.unknown()).refine((record) => JSON.stringify(record).length <= 16_384, 'larger than 16 KiB');

/** What the hub sends its standby over the stream. */
export const hubMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('changes'), changes: journalChangesSchema, up_to: safeInteger }),
  // `head`: the hub's newest journal seq, for the standby's lag (a beat without one, or with a bad one, is still a beat).
  z.object({ type: z.literal('beat'), head: safeInteger.optional().catch(undefined) }),
  z.object({ type: z.literal('resnapshot') }),
  z.object({ type: z.literal('handover'), secrets: handedSecretsSchema }),
]);
export type HubMessage = z.output<typeof hubMessageSchema>;
export const HUB_MESSAGE_TYPES: readonly string[] = ['changes', 'beat', 'resnapshot', 'handover'];

/** What a standby sends its hub over the stream. */
export const standbyMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), url: z.unknown().optional() }),
  z.object({ type: z.literal('ack'), seq: safeInteger }),
  z.object({ type: z.literal('unit'), record: peerRecordSchema }),
  // The ZATCA documents the standby signed as an old hub that wait in its set-aside file (the manager's Stations tab shows them).
  z.object({
    type: z.literal('set_aside'),
    waiting: z.number().int().nonnegative(),
    oldest_issued_at: z.number().nullable(),
    // Sent since the set-aside orders' upload (a standby of an older build: none known).
    orders_waiting: z.number().int().nonnegative().optional(),
  }),
]);
export type StandbyMessage = z.output<typeof standbyMessageSchema>;
export const STANDBY_MESSAGE_TYPES: readonly string[] = ['hello', 'ack', 'unit', 'set_aside'];

/** What a machine's set-aside files still have to send (src-main/standby/set-aside-files.ts), as a standby tells its hub. */
export interface SetAsideSummary {
  /** ZATCA documents. */
  waiting: number;
  oldest_issued_at: number | null;
  /** Orders the old hub sold alone, still to upload (src-main/sync/push/set-aside-upload.ts); null: the standby did not say. */
  orders_waiting: number | null;
}

/** `POST /standby/pair`: the manager's code. */
export const pairRequestSchema = z.object({ code: z.string() });
/** Its answer: the stream token, the hub's epoch, and (from this build on) the pair's rejoin key, read apart (an older hub gives none). */
export const pairAnswerSchema = z.object({
  token: z.string().regex(HEX_64, 'not a 256-bit token in hex'),
  epoch: z.number(),
  rejoin_key: z.unknown().optional(),
});
/** A refusal's words, when the peer gives them. */
export const peerRefusalSchema = z.object({ error: z.string() });
/** `GET /standby/where` (public): what a till is now. */
export const whereAnswerSchema = z.object({ role: z.string(), epoch: z.number() });
/** `GET /standby/rejoin`: the new hub's challenge. */
export const rejoinChallengeSchema = z.object({ nonce: z.string() });
/** `POST /standby/rejoin`: the old hub's proof. */
export const rejoinRequestSchema = z.object({ nonce: z.string(), proof: z.unknown() });
/** Its answer: a stream token, the new hub's epoch, and the old hub's last change it had when it took over. */
export const rejoinAnswerSchema = z.object({ token: z.string().regex(HEX_64, 'not a 256-bit token in hex'), epoch: z.number(), took_over_at: z.number() });

/** A peer's message read by `schema`: the value, or why it was refused (each wrong member and what was wrong). */
export type PeerReading<T> = { ok: true; value: T } | { ok: false; reason: string };

export function readPeer<S extends z.ZodType>(schema: S, value: unknown): PeerReading<z.output<S>> {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  const reason = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'the message'}: ${issue.message}`)
    .join('; ');
  return { ok: false, reason };
}

const envelope = z.object({ type: z.string() });

/**
 * A stream message's text: null when it is not JSON with a `type` this end
 * knows (ignored, as a newer peer's message would be); else the message read
 * by `schema`, or why it was refused.
 */
export function readStreamMessage<S extends z.ZodType>(schema: S, known: readonly string[], text: string): PeerReading<z.output<S>> | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const kind = envelope.safeParse(value);
  if (!kind.success || !known.includes(kind.data.type)) return null;
  const read = readPeer(schema, value);
  return read.ok ? read : { ok: false, reason: `message "${kind.data.type}": ${read.reason}` };
}
