import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/**
 * Waits until no runnable job is left and Meta got nothing new for a few seconds, or the
 * timeout. A job replaced (same job key) while it was running keeps `attempts = max_attempts`
 * and is never run again, so it does not count.
 */
export async function waitForQuiet(databaseUrl: string, deliveries: unknown[], timeoutMs: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'wa-agenda-soak-drain' });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    let lastCount = -1;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      const jobs = Number(
        (
          await client.query<{ n: string }>(
            // a job due more than a minute ahead (a booking's reminders) is not work left to drain
            `SELECT count(*) AS n FROM graphile_worker.jobs WHERE attempts < max_attempts AND run_at <= now() + interval '1 minute'`,
          )
        ).rows[0]?.n ?? 0,
      );
      if (deliveries.length !== lastCount) {
        lastCount = deliveries.length;
        quietSince = Date.now();
      }
      if (jobs === 0 && Date.now() - quietSince > 3000) return;
      await sleep(250);
    }
  } finally {
    await client.end();
  }
}
