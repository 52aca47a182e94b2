import type { HandoffReasonFigures, HandoffReasonStats } from './handoff-reason-stats.js';

/**
 * The stats as a plain-text table for terminals (`npm run report -- handoffs`): one row per
 * reason plus a total, waits in seconds ("-" when nothing was claimed), and a footnote that
 * unclaimed handoffs are counted but not in the waits.
 */
export function formatHandoffReasonStats(stats: HandoffReasonStats): string {
  const header = ['reason', 'count', 'claimed', 'unclaimed', 'median wait (s)', 'p90 wait (s)'];
  const cells = (label: string, figures: HandoffReasonFigures) => [
    label,
    String(figures.count),
    String(figures.claimed),
    String(figures.unclaimed),
    seconds(figures.medianWaitSeconds),
    seconds(figures.p90WaitSeconds),
  ];
  const body = stats.reasons.map((row) => cells(row.reason, row));
  const total = cells('total', stats.total);
  const widths = header.map((title, column) => Math.max(title.length, ...[...body, total].map((row) => row[column]?.length ?? 0)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [
    `Handoffs created from ${stats.from.toISOString()} to ${stats.to.toISOString()} (end excluded)`,
    '',
    line(header),
    rule,
    ...(body.length > 0 ? body.map(line) : ['(no handoffs in this period)']),
    rule,
    line(total),
    '',
    'Wait = seconds from creation to claim; unclaimed handoffs are counted but excluded from the waits.',
    '',
  ].join('\n');
}

function seconds(value: number | null): string {
  return value === null ? '-' : String(Math.round(value * 1000) / 1000);
}
