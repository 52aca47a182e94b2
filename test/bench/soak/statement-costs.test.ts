import { describe, expect, it } from 'vitest';
import { formatStatementCosts, type StatementCost } from '../../../bench/soak/statement-costs.js';

const cost = (query: string, calls: number, execMs: number, walBytes: number): StatementCost => ({
  query,
  calls,
  execMs,
  walBytes,
  walRecords: walBytes / 100,
});

describe('statement costs per message', () => {
  it('lists the statements by execution time, by WAL and by calls, each figure divided by the inbound messages', () => {
    const lines = formatStatementCosts(
      [cost('SELECT get_job', 4000, 900, 0), cost('INSERT INTO messages', 200, 100, 204_800), cost('UPDATE agent_runs', 300, 300, 51_200)],
      100,
      2,
      2,
    ).split('\n');
    expect(lines[0]).toBe('statements per inbound message: 13.0 ms executing, 2.5 KiB WAL (pg_stat_statements)');
    expect(lines[1]).toBe('by execution time:');
    expect(lines[2]).toMatch(/^\s+40\.00 calls\s+9\.00 ms\s+0\.0 KiB WAL\s+0 rec {2}SELECT get_job$/);
    expect(lines[3]).toContain('UPDATE agent_runs');
    expect(lines[4]).toBe('by WAL:');
    expect(lines[5]).toMatch(/2\.00 calls\s+1\.00 ms\s+2\.0 KiB WAL\s+20 rec {2}INSERT INTO messages$/);
    expect(lines[7]).toBe('by calls (45.0 statements per inbound message in all):');
    expect(lines[8]).toContain('SELECT get_job');
    expect(lines[9]).toContain('UPDATE agent_runs');
    expect(lines).toHaveLength(10);
  });
});
