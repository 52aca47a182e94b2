/** A target a benchmark printed, and whether its figure met it. */
export interface BenchTarget {
  name: string;
  met: boolean;
}

/** What one benchmark file came to: the targets it checked, or the error it threw. */
export type BenchOutcome = { file: string; kind: 'finished'; targets: BenchTarget[] } | { file: string; kind: 'threw'; error: unknown };

/**
 * Collects the targets a benchmark checks while it prints them: `check` records the target
 * and returns the word to print (`met` or `MISSED`), so what is printed and what decides the
 * exit code cannot disagree.
 */
export function createTargets(): { check(name: string, met: boolean): 'met' | 'MISSED'; list: BenchTarget[] } {
  const list: BenchTarget[] = [];
  return {
    check(name, met) {
      list.push({ name, met });
      return met ? 'met' : 'MISSED';
    },
    list,
  };
}

/** The targets missed, by file, in the order run. */
export function missedTargets(outcomes: BenchOutcome[]): { file: string; target: string }[] {
  return outcomes.flatMap((outcome) =>
    outcome.kind === 'finished'
      ? outcome.targets.filter((target) => !target.met).map((target) => ({ file: outcome.file, target: target.name }))
      : [],
  );
}

/** `npm run bench`'s exit code: 0 only when every benchmark finished and met every target it printed. */
export function benchExitCode(outcomes: BenchOutcome[]): 0 | 1 {
  return outcomes.every((outcome) => outcome.kind === 'finished') && missedTargets(outcomes).length === 0 ? 0 : 1;
}
