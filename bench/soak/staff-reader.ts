import { localDate } from './customer-intent.js';

export interface StaffReaderResult {
  /** named reads sent (the agenda, the inbox, the overview, a customer's record) */
  reads: number;
  /** which database served them, by the answers' `X-Read-Source` */
  bySource: { replica: number; primary: number; unsaid: number };
  /** reads and writes not answered 200, with what was asked */
  failures: string[];
  /** rounds left out because their salon's key had no room for them in its per-minute budget */
  roundsSkipped: number;
  /** customer notes written */
  writes: number;
  /** reads right after the caller's own write (same web process; another one with the cookie): each must see it */
  readYourWrites: { checked: number; held: number; misses: string[] };
}

export interface StaffReader {
  stop(): Promise<StaffReaderResult>;
}

interface Answer {
  status: number;
  source: string | null;
  body: unknown;
  cookies: string[];
}

/** Requests of one round at most: three reads, a note, and its two reads back. */
const ROUND_REQUESTS = 6;

/**
 * A salon's staff at the console while the customers write: every `intervalMs` one round on
 * one salon (the salons in turn, each on every web process in turn) reads today's agenda, the
 * inbox and the overview through the admin API with the salon's API key. Each key stays within
 * `perKeyPerMinute` requests over any minute, whichever web process they go to (below the admin
 * API's per-key budget, ADMIN_RATE_LIMIT_PER_MINUTE, 120 by default): a salon whose budget
 * would not hold a whole round is skipped that tick. Every `writeEvery`-th round it
 * writes a note on a customer from the inbox and reads the customer's record back at once,
 * on the web process it wrote through and on another one with the `wa_read_after` cookie the
 * write was answered with: both must show the note (read-your-writes), whichever database
 * serves them.
 */
export function startStaffReader(options: {
  webUrls: string[];
  tenants: { apiKey: string }[];
  timeZone: string;
  intervalMs: number;
  writeEvery: number;
  /** requests per API key over any 60 s (100 when unset) */
  perKeyPerMinute?: number;
}): StaffReader {
  const perKeyPerMinute = options.perKeyPerMinute ?? 100;
  // Each key's request times over the last minute.
  const sentAt = new Map<string, number[]>();
  const roundsOf = new Map<string, number>();
  const hasRoom = (apiKey: string) => {
    const recent = (sentAt.get(apiKey) ?? []).filter((at) => at > Date.now() - 60_000);
    sentAt.set(apiKey, recent);
    return recent.length + ROUND_REQUESTS <= perKeyPerMinute;
  };
  const result: StaffReaderResult = {
    reads: 0,
    bySource: { replica: 0, primary: 0, unsaid: 0 },
    failures: [],
    roundsSkipped: 0,
    writes: 0,
    readYourWrites: { checked: 0, held: 0, misses: [] },
  };
  let stopped = false;

  const call = async (url: string, apiKey: string, init: { method?: string; body?: unknown; cookie?: string } = {}): Promise<Answer> => {
    sentAt.get(apiKey)?.push(Date.now());
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${apiKey}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    return {
      status: response.status,
      source: response.headers.get('x-read-source'),
      body: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
      cookies: response.headers.getSetCookie(),
    };
  };
  const read = async (url: string, apiKey: string, cookie?: string): Promise<Answer | undefined> => {
    result.reads++;
    const answer = await call(url, apiKey, cookie ? { cookie } : {}).catch((error: unknown) => {
      result.failures.push(`GET ${new URL(url).pathname}: ${String(error)}`);
      return undefined;
    });
    if (!answer) return undefined;
    if (answer.source === 'replica') result.bySource.replica++;
    else if (answer.source === 'primary') result.bySource.primary++;
    else result.bySource.unsaid++;
    if (answer.status !== 200) {
      result.failures.push(`GET ${new URL(url).pathname} answered ${answer.status}`);
      return undefined;
    }
    return answer;
  };

  const round = async (index: number) => {
    const tenant = options.tenants[index % options.tenants.length] as { apiKey: string };
    if (!hasRoom(tenant.apiKey)) {
      result.roundsSkipped++;
      return;
    }
    const turn = Math.floor(index / options.tenants.length);
    const web = options.webUrls[turn % options.webUrls.length] as string;
    const other = options.webUrls[(turn + 1) % options.webUrls.length] as string;
    const today = localDate(options.timeZone);
    await read(`${web}/admin/appointments?date=${today}`, tenant.apiKey);
    const inbox = await read(`${web}/admin/conversations`, tenant.apiKey);
    await read(`${web}/admin/stats/overview?from=${today}&to=${today}`, tenant.apiKey);
    const items = ((inbox?.body as { items?: { customer?: { id?: number } }[] } | undefined)?.items ?? []).filter(
      (item) => typeof item.customer?.id === 'number',
    );
    // Every salon writes on its own every writeEvery-th round.
    const own = (roundsOf.get(tenant.apiKey) ?? 0) + 1;
    roundsOf.set(tenant.apiKey, own);
    if (own % options.writeEvery !== 0 || items.length === 0) return;

    const customerId = items[own % items.length]?.customer?.id as number;
    const note = `soak read-your-writes ${index}`;
    const written = await call(`${web}/admin/customers/${customerId}`, tenant.apiKey, { method: 'PATCH', body: { notes: note } }).catch(
      (error: unknown) => {
        result.failures.push(`PATCH /admin/customers/${customerId}: ${String(error)}`);
        return undefined;
      },
    );
    if (!written) return;
    if (written.status !== 200) {
      result.failures.push(`PATCH /admin/customers/${customerId} answered ${written.status}`);
      return;
    }
    result.writes++;
    const cookie = written.cookies.find((line) => line.startsWith('wa_read_after='))?.split(';')[0];
    for (const [at, withCookie] of [
      [web, undefined],
      [other, cookie],
    ] as const) {
      const record = await read(`${at}/admin/customers/${customerId}`, tenant.apiKey, withCookie);
      // Not answered: a failure of its own (above), not a read that missed the write.
      if (!record) continue;
      result.readYourWrites.checked++;
      const seen = (record?.body as { notes?: string | null } | undefined)?.notes;
      if (seen === note) result.readYourWrites.held++;
      else
        result.readYourWrites.misses.push(
          `customer ${customerId} on ${new URL(at).host}${withCookie ? ' (with the cookie)' : ''}: notes ${JSON.stringify(seen)} from the ${record.source ?? '?'}, wrote ${JSON.stringify(note)}`,
        );
    }
  };

  const loop = (async () => {
    for (let index = 0; !stopped; index++) {
      const next = Date.now() + options.intervalMs;
      await round(index).catch((error: unknown) => {
        result.failures.push(`round ${index}: ${String(error)}`);
      });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
    }
  })();

  return {
    stop: async () => {
      stopped = true;
      await loop;
      return result;
    },
  };
}
