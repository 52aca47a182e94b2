import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSoakFlags } from '../../../bench/soak/soak-flags.js';

const root = path.resolve(import.meta.dirname, '../../..');

describe('the soak command line', () => {
  it('when every flag is known, then each number, switch and file is read', () => {
    const outcome = parseSoakFlags(['--customers', '20', '--ramp-to', '60', '--keep-database', '--samples', '/tmp/s.json', '--statements']);
    expect(outcome).toEqual({
      kind: 'run',
      flags: { numbers: { customers: 20, 'ramp-to': 60 }, switches: new Set(['keep-database', 'statements']), samplesFile: '/tmp/s.json' },
    });
    expect(parseSoakFlags([])).toEqual({ kind: 'run', flags: { numbers: {}, switches: new Set() } });
  });

  it('when a flag is unknown (a typo), then the soak is refused and the flag named, with the known ones', () => {
    const outcome = parseSoakFlags(['--customer', '2000']);
    expect(outcome.kind).toBe('refused');
    expect(outcome.kind === 'refused' && outcome.problem).toMatch(/^unknown flag --customer \(known: .*--customers .*--statements/);
  });

  it('when a number is missing or not a number, a word stands alone, or a flag repeats, then the soak is refused saying which', () => {
    expect(parseSoakFlags(['--rate'])).toEqual({ kind: 'refused', problem: '--rate needs a number, got nothing' });
    expect(parseSoakFlags(['--customers', '--messages', '3'])).toEqual({
      kind: 'refused',
      problem: '--customers needs a number, got "--messages"',
    });
    expect(parseSoakFlags(['--kills', 'two'])).toEqual({ kind: 'refused', problem: '--kills needs a number, got "two"' });
    expect(parseSoakFlags(['200'])).toEqual({ kind: 'refused', problem: 'unexpected argument "200" (flags start with --)' });
    expect(parseSoakFlags(['--web', '1', '--web', '3'])).toEqual({ kind: 'refused', problem: '--web is given twice' });
    expect(parseSoakFlags(['--samples'])).toEqual({ kind: 'refused', problem: '--samples needs a file name' });
  });

  it('when --replica is given, then it is read as a switch beside the others; an unknown one next to it is still refused', () => {
    expect(parseSoakFlags(['--replica', '--customers', '8'])).toEqual({
      kind: 'run',
      flags: { numbers: { customers: 8 }, switches: new Set(['replica']) },
    });
    expect(parseSoakFlags(['--pgbouncer', '--replica'])).toEqual({
      kind: 'run',
      flags: { numbers: {}, switches: new Set(['pgbouncer', 'replica']) },
    });
    const typo = parseSoakFlags(['--replica', '--replicas']);
    expect(typo.kind).toBe('refused');
    expect(typo.kind === 'refused' && typo.problem).toMatch(/^unknown flag --replicas \(known: .*--pgbouncer --replica\)$/);
    expect(parseSoakFlags(['--replica', '--replica'])).toEqual({ kind: 'refused', problem: '--replica is given twice' });
  });

  it('when --help is among the words, then the usage is asked for, whatever else is there', () => {
    expect(parseSoakFlags(['--bogus', '-h'])).toEqual({ kind: 'help' });
  });

  it('when `npm run soak` gets an unknown flag, then it exits 2 naming it before it builds or starts anything', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/soak.ts', '--customer', '5'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(2);
    expect(run.stderr).toMatch(/^npm run soak: unknown flag --customer /);
    expect(run.stderr).toContain('usage: npm run soak');
    expect(run.stderr).not.toContain('[soak]');
    expect(run.stdout).toBe('');
  }, 90_000);
});
