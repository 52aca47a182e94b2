/** Failed sign-ins counted over this window (older ones no longer delay anything). */
export const SIGN_IN_WINDOW_MS = 60 * 60 * 1000;
/** Failures of one account from one address that cost nothing; each one after that doubles the wait. */
export const PAIR_FREE_FAILURES = 5;
/** Failures of one account from addresses it is not known at (a distributed guess) before waits start. */
export const ACCOUNT_FREE_FAILURES = 10;
/** Failures of one address over any accounts (spraying) before waits start. */
export const ADDRESS_FREE_FAILURES = 20;
/** The first wait, doubled with each further failure, and the longest. */
export const FIRST_DELAY_MS = 30_000;
export const MAX_DELAY_MS = 15 * 60 * 1000;

interface FailureCount {
  count: number;
  latestAt: Date | null;
}

export interface RecentFailures {
  /** failures of this e-mail from this address since its last success, inside the window */
  pair: FailureCount;
  /** failures of this e-mail from any address since its last success, inside the window */
  account: FailureCount;
  /** failures from this address for any e-mail, inside the window */
  address: FailureCount;
}

export type SignInGate = { kind: 'open' } | { kind: 'throttled'; retryAfterSeconds: number };

/** The wait after `count` failures of which `free` cost nothing: 30 s, 1 min, 2 min, … up to 15 min. */
export function progressiveDelayMs(count: number, free: number): number {
  if (count < free) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(count - free, 20));
}

/**
 * Whether a sign-in may be tried now. Never a lockout: each failure only makes the next try
 * wait longer (from the latest failure), and a `trusted` try — a device that signed in to
 * this account before (its device cookie) or an address it signed in from — is held back only
 * by its own failures (the pair), so guesses from elsewhere cannot keep the owner out.
 * Throttled tries are not verified and not recorded: hammering neither burns CPU on hashes
 * nor lengthens the wait.
 */
export function decideSignInGate(failures: RecentFailures, trusted: boolean, now: Date): SignInGate {
  const waits: { until: number }[] = [];
  const consider = (failure: FailureCount, free: number) => {
    const delay = progressiveDelayMs(failure.count, free);
    if (delay > 0 && failure.latestAt) waits.push({ until: failure.latestAt.getTime() + delay });
  };
  consider(failures.pair, PAIR_FREE_FAILURES);
  if (!trusted) {
    consider(failures.account, ACCOUNT_FREE_FAILURES);
    consider(failures.address, ADDRESS_FREE_FAILURES);
  }
  const until = Math.max(0, ...waits.map((wait) => wait.until));
  if (until <= now.getTime()) return { kind: 'open' };
  return { kind: 'throttled', retryAfterSeconds: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) };
}
