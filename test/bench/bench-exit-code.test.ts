import { describe, expect, it } from 'vitest';
import { type BenchOutcome, benchExitCode, createTargets, missedTargets } from '../../bench/support/targets.js';

const finished = (file: string, ...targets: [string, boolean][]): BenchOutcome => ({
  file,
  kind: 'finished',
  targets: targets.map(([name, met]) => ({ name, met })),
});

describe('npm run bench exit code', () => {
  it('when every benchmark finished and met every target, then it exits 0', () => {
    expect(benchExitCode([finished('a.bench.ts', ['p99 ≤ 50 ms', true]), finished('b.bench.ts')])).toBe(0);
  });

  it('when one benchmark printed a missed target, then it exits 1 and names that target', () => {
    const outcomes = [finished('a.bench.ts', ['p99 ≤ 50 ms', true]), finished('b.bench.ts', ['ratio ≥ 40 %', false], ['p99', true])];
    expect(benchExitCode(outcomes)).toBe(1);
    expect(missedTargets(outcomes)).toEqual([{ file: 'b.bench.ts', target: 'ratio ≥ 40 %' }]);
  });

  it('when a benchmark threw, then it exits 1 even if the others met their targets', () => {
    expect(benchExitCode([finished('a.bench.ts', ['x', true]), { file: 'b.bench.ts', kind: 'threw', error: new Error('boom') }])).toBe(1);
  });

  it('when a benchmark checks its targets, then the word printed and the recorded verdict agree', () => {
    const targets = createTargets();
    expect(targets.check('p95 ≤ 20 ms', false)).toBe('MISSED');
    expect(targets.check('ratio ≤ 3×', true)).toBe('met');
    expect(benchExitCode([{ file: 'c.bench.ts', kind: 'finished', targets: targets.list }])).toBe(1);
  });
});
