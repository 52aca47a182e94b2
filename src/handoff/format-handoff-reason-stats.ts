import { textColumns } from '../shared/index.js';
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
  const { line, rule } = textColumns(header, [...body, total]);
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
