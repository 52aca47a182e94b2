import type { AppliedChange } from './apply-settings-change.js';
import type { SettingsProblem } from './settings-outcome.js';

export function problemOf(applied: AppliedChange, path: readonly PropertyKey[], message: string, imported: boolean): SettingsProblem {
  if (imported) return { path: filePath(applied.file, path), message };
  const inScope = applied.scope.every((segment, index) => path[index] === segment);
  if (inScope) return { path: bodyPath(path.slice(applied.scope.length)), message };
  return { path: filePath(applied.file, path), message };
}

export function bodyPath(path: readonly PropertyKey[]): string {
  return ['body', ...path.map(String)].join('.');
}

/** A path outside what was sent, with services and professionals named by key (`professionals.ana.services`). */
export function filePath(file: Record<string, unknown>, path: readonly PropertyKey[]): string {
  const [list, index, ...rest] = path;
  if (path.length === 0) return '(arquivo)';
  if ((list === 'services' || list === 'professionals' || list === 'resources') && typeof index === 'number') {
    const entry = (file[list] as { key?: unknown }[] | undefined)?.[index];
    if (typeof entry?.key === 'string') return [list, entry.key, ...rest.map(String)].join('.');
  }
  return path.map(String).join('.');
}
