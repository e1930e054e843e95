import { MESSAGES, ServiceError } from './envelope.ts';
import type { Prng } from '../src-shared/random/index.ts';

/** Who a bearer token belongs to. */
export interface Caller {
  token: string;
  role: string;
  /** Authenticated but without permission: 403 on everything but `/me`. */
  noPermission: boolean;
  issuedAt: number;
}

export interface IssueTokenOptions {
  role?: string;
  noPermission?: boolean;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Bearer tokens shaped like Laravel Sanctum's (`<id>|<40 characters>`), drawn from the seed (emulator/README.md, 33). */
export class TokenStore {
  private readonly callers = new Map<string, Caller>();

  constructor(
    private readonly prng: Prng,
    private readonly now: () => number,
  ) {}

  issue(options: IssueTokenOptions = {}): string {
    let secret = '';
    for (let i = 0; i < 40; i++) secret += ALPHABET[this.prng.uint32() % ALPHABET.length];
    const token = `${this.callers.size + 1}|${secret}`;
    this.callers.set(token, {
      token,
      role: options.role ?? 'SUBSCRIBER',
      noPermission: options.noPermission ?? false,
      issuedAt: this.now(),
    });
    return token;
  }

  /**
   * The caller of an `Authorization` header. Missing, unknown and expired
   * tokens are all 401 `Unauthenticated.`; a token expires `ttlMs` after it
   * was issued (the first token is issued when the emulator starts).
   */
  authenticate(header: string | undefined, ttlMs: number | null): Caller {
    const match = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
    const caller = match ? this.callers.get(match[1]!) : undefined;
    if (!caller) throw new ServiceError(401, MESSAGES.unauthenticated);
    if (ttlMs !== null && this.now() - caller.issuedAt >= ttlMs) throw new ServiceError(401, MESSAGES.unauthenticated);
    return caller;
  }
}
