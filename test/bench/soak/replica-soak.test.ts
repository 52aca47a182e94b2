import { beforeAll, describe, expect, it } from 'vitest';
import { formatSoakReport } from '../../../bench/soak/report.js';
import { runSoak } from '../../../bench/soak/run-soak.js';
import { buildService, SMALL_MODE_SOAK } from './small-soak.js';

beforeAll(buildService, 120_000);

// The suite's small run of `npm run soak -- --replica`: a streaming replica of the soak's own
// embedded primary serves the web processes' named reads while a staff reader reads the
// agenda, the inbox and the overview, and reads its own notes back right after writing them.
describe('small soak with a read replica', () => {
  it('when a hot standby serves the console reads, then nothing is lost, answered twice or double-booked, the replica served reads, every read after a write saw it, and the report names the replica with its lag', async () => {
    const lines: string[] = [];
    const result = await runSoak({
      ...SMALL_MODE_SOAK,
      replica: true,
      staffReadIntervalMs: 150,
      log: (line) => lines.push(line),
    });
    const report = formatSoakReport(result.figures, result.checks);
    const context = `${report}\n${lines.join('\n')}\nlogs: ${result.logDir}`;
    expect(result.failures, context).toEqual([]);
    expect(result.checks.inboundStored).toBe(16);
    expect(result.checks.unanswered).toEqual([]);
    expect(result.checks.duplicateReplies).toEqual([]);

    const replica = result.figures.replica;
    expect(replica?.name, context).toMatch(/^PostgreSQL 18\.\d+/);
    expect(replica?.lag.streaming, context).toBeGreaterThan(0);
    expect(replica?.lag.maxMs, context).toBeGreaterThanOrEqual(0);
    // The console's reads actually went to the standby, and it ran them (its own pg_stat_database).
    expect(replica?.consoleReadsOnReplica, context).toBeGreaterThan(0);
    expect(replica?.replicaTransactions, context).toBeGreaterThanOrEqual(replica?.consoleReadsOnReplica ?? 1);
    expect(replica?.staffFailures, context).toEqual([]);
    // Read-your-writes: every read right after a note saw it, on either web process.
    expect(replica?.readYourWrites.checked, context).toBeGreaterThan(0);
    expect(replica?.readYourWrites.held).toBe(replica?.readYourWrites.checked);
    expect(report).toMatch(
      /^read replica\s+streaming \(PostgreSQL 18\.\d+ hot standby\), lag p50 [\d.]+ ms \/ max [\d.]+ ms\s+\d+ of \d+ console reads on it, read-your-writes (\d+)\/\1;/m,
    );
    expect(lines.some((line) => /^PostgreSQL 18\.\d+ hot standby streaming from the primary/.test(line))).toBe(true);
  }, 150_000);
});
