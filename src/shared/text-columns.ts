/**
 * Columns for a plain-text table in a terminal report: each as wide as its widest cell (the
 * header and every row given), the first left-aligned as a label, the others right-aligned as
 * figures, two spaces apart. `line` lays out one row; `rule` is a dashed line under the header.
 */
export function textColumns(header: string[], rows: string[][]): { line(row: string[]): string; rule: string } {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  return {
    line: (row) =>
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
        .join('  ')
        .trimEnd(),
    rule: widths.map((width) => '-'.repeat(width)).join('  '),
  };
}
