/** Failed sign-ins counted over this window. */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** Failures of one account from one address before it is throttled (the fifth wrong password locks). */
export const PAIR_FAILURE_LIMIT = 5;
/** Failures of one account from any address (a distributed guess) or of one address over any accounts (spraying). */
export const ACCOUNT_FAILURE_LIMIT = 20;
export const ADDRESS_FAILURE_LIMIT = 20;

export interface RecentFailures {
  /** failures of this e-mail from this address since its last success, inside the window */
  pair: number;
  /** failures of this e-mail from any address since its last success, inside the window */
  account: number;
  /** failures from this address for any e-mail, inside the window */
  address: number;
  /** the latest counted failure, if any */
  latestAt: Date | null;
}

export type SignInGate = { kind: 'open' } | { kind: 'throttled'; retryAfterSeconds: number };

/**
 * Whether a sign-in may even be tried. Throttled attempts are not verified and not recorded,
 * so hammering a locked account neither burns CPU on hashes nor extends the lock.
 */
export function decideSignInGate(failures: RecentFailures, now: Date): SignInGate {
  const over =
    failures.pair >= PAIR_FAILURE_LIMIT || failures.account >= ACCOUNT_FAILURE_LIMIT || failures.address >= ADDRESS_FAILURE_LIMIT;
  if (!over) return { kind: 'open' };
  const until = (failures.latestAt?.getTime() ?? now.getTime()) + SIGN_IN_WINDOW_MS;
  return { kind: 'throttled', retryAfterSeconds: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) };
}
