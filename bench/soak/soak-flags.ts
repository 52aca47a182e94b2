/** The numeric flags of `npm run soak`, each followed by its value. */
const NUMBER_FLAGS = [
  'customers',
  'messages',
  'kills',
  'seed',
  'concurrency',
  'web',
  'workers',
  'rate',
  'turn-interval',
  'ramp-to',
] as const;
/** The switches of `npm run soak`, which take no value. */
const SWITCHES = ['keep-database', 'statements', 'pgbouncer', 'replica'] as const;
/** Flags followed by a text value. */
const TEXT_FLAGS = ['samples'] as const;

export type SoakNumberFlag = (typeof NUMBER_FLAGS)[number];
export type SoakSwitch = (typeof SWITCHES)[number];

export interface SoakFlags {
  numbers: Partial<Record<SoakNumberFlag, number>>;
  switches: Set<SoakSwitch>;
  samplesFile?: string;
}

export type SoakFlagsOutcome = { kind: 'run'; flags: SoakFlags } | { kind: 'help' } | { kind: 'refused'; problem: string };

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/**
 * Reads the soak's command line (the words after `tsx bench/soak.ts`). Every word must be a
 * known flag or the value of the flag before it: an unknown flag, a flag given twice, a numeric
 * flag without a finite number and a stray word are refused with what was wrong, so a typo
 * (`--customer 2000`) never runs a default soak that looks like the one asked for.
 */
export function parseSoakFlags(words: readonly string[]): SoakFlagsOutcome {
  if (words.some((word) => word === '--help' || word === '-h')) return { kind: 'help' };
  const flags: SoakFlags = { numbers: {}, switches: new Set() };
  const seen = new Set<string>();
  for (let index = 0; index < words.length; index++) {
    const word = words[index] as string;
    if (!word.startsWith('--')) return { kind: 'refused', problem: `unexpected argument "${word}" (flags start with --)` };
    const name = word.slice(2);
    if (seen.has(name)) return { kind: 'refused', problem: `--${name} is given twice` };
    seen.add(name);
    if (isOneOf(SWITCHES, name)) {
      flags.switches.add(name);
      continue;
    }
    const value = words[index + 1];
    if (isOneOf(NUMBER_FLAGS, name)) {
      const number = value === undefined || value.trim() === '' ? Number.NaN : Number(value);
      if (!Number.isFinite(number))
        return { kind: 'refused', problem: `--${name} needs a number, got ${value === undefined ? 'nothing' : `"${value}"`}` };
      flags.numbers[name] = number;
      index++;
      continue;
    }
    if (isOneOf(TEXT_FLAGS, name)) {
      if (value === undefined || value.startsWith('--')) return { kind: 'refused', problem: `--${name} needs a file name` };
      flags.samplesFile = value;
      index++;
      continue;
    }
    return { kind: 'refused', problem: `unknown flag ${word} (known: ${knownFlags().join(' ')})` };
  }
  return { kind: 'run', flags };
}

const knownFlags = () => [...NUMBER_FLAGS, ...TEXT_FLAGS, ...SWITCHES].map((name) => `--${name}`);
