import { createHash } from 'node:crypto';
import { parseCookie } from 'cookie';
import type { Request, RequestHandler, Response } from 'express';
import type { NamedReads, ReadClient } from '../db/index.js';

/** The cookie carrying when the caller's latest write was answered (ms since the epoch; not a secret). */
export const READ_AFTER_COOKIE = 'wa_read_after';
/** How long a write keeps steering its caller's reads (longer than the replica may lag before nobody uses it). */
const READ_AFTER_MAX_AGE_MS = 60_000;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The staff side of named reads: who just wrote, and where their reads go. Mounted on the
 * admin API and the console's own API.
 * - `markWrites`: a request that may write (any method but GET, HEAD, OPTIONS) is answered
 *   with a `wa_read_after` cookie holding the time its answer left, after its commit; API-key
 *   callers, which may keep no cookies, are also remembered in this process by their key.
 *   While the request runs, the same caller's reads go to the primary.
 * - `run(request, response, work)`: a named read, on the replica only once the replica holds
 *   everything up to the caller's latest write (db/read-source.ts); the answer's
 *   `X-Read-Source` says which database served it.
 */
export interface StaffReads {
  markWrites: RequestHandler;
  run<T>(request: Request, response: Response, work: (client: ReadClient) => Promise<T>): Promise<T>;
  /** the primary, for what must see the latest commit whoever asks (the API-key lookup) */
  primary: ReadClient;
}

export function createStaffReads(reads: NamedReads, options: { now?: () => number; publicUrl?: string | undefined } = {}): StaffReads {
  const now = options.now ?? Date.now;
  // API keys' latest writes in this process (a key's hash → ms); pruned as it grows.
  const byKey = new Map<string, number>();
  const keyOf = (request: Request) => {
    const authorization = request.get('authorization');
    return authorization ? createHash('sha256').update(authorization).digest('base64url').slice(0, 22) : undefined;
  };
  const remember = (key: string | undefined, at: number) => {
    if (key === undefined) return;
    if (byKey.size > 1000) for (const [other, time] of byKey) if (time < now() - READ_AFTER_MAX_AGE_MS) byKey.delete(other);
    byKey.set(key, at);
  };
  const readAfterOf = (request: Request): number | undefined => {
    const fromCookie = Number(parseCookie(request.headers.cookie ?? '')[READ_AFTER_COOKIE]);
    const fromKey = byKey.get(keyOf(request) ?? '');
    const times = [Number.isFinite(fromCookie) && fromCookie > 0 ? fromCookie : undefined, fromKey].filter(
      (time): time is number => time !== undefined && time > now() - READ_AFTER_MAX_AGE_MS,
    );
    return times.length > 0 ? Math.max(...times) : undefined;
  };

  const markWrites: RequestHandler = (request, response, next) => {
    // Without a replica every read is on the primary already: nothing to mark.
    if (READ_METHODS.has(request.method) || reads.state().kind === 'none') return next();
    const key = keyOf(request);
    remember(key, Number.POSITIVE_INFINITY);
    const secure = request.secure || Boolean(options.publicUrl?.startsWith('https:'));
    // The time is taken when the answer's headers go out: every route answers after its commit.
    const writeHead = response.writeHead;
    response.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
      const answeredAt = now();
      if (!this.headersSent)
        this.cookie(READ_AFTER_COOKIE, String(answeredAt), {
          httpOnly: true,
          sameSite: 'strict',
          secure,
          path: '/',
          maxAge: READ_AFTER_MAX_AGE_MS,
        });
      remember(key, answeredAt);
      return writeHead.apply(this, args);
    } as Response['writeHead'];
    response.once('close', () => {
      if (key !== undefined && byKey.get(key) === Number.POSITIVE_INFINITY) remember(key, now());
    });
    next();
  };

  return {
    markWrites,
    primary: reads.primary,
    run: async (request, response, work) => {
      const { value, source } = await reads.run(readAfterOf(request), work);
      if (!response.headersSent) response.set('X-Read-Source', source);
      return value;
    },
  };
}
