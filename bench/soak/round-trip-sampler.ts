import pg from 'pg';

/**
 * The same-run baseline for the soak's latency targets: a trivial query's round trip from the
 * soak process, every `everyMs` while the load runs. On a shared, loaded machine every latency
 * grows with the load; a figure divided by this one says how many round trips it costs.
 */
export async function sampleRoundTrips(databaseUrl: string, everyMs = 100): Promise<{ stop(): Promise<number[]> }> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'wa-agenda-soak-baseline' });
  await client.connect();
  const samples: number[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      await client.query('SELECT 1');
      samples.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop.catch(() => undefined);
      await client.end().catch(() => undefined);
      return samples;
    },
  };
}
