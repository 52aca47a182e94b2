/** The p-th percentile (nearest rank) of timing samples; NaN when there are none. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Milliseconds to two decimals, for the printed tables. */
export function round(value: number): number {
  return Math.round(value * 100) / 100;
}
