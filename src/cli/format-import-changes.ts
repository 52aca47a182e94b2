import type { TenantFileChange } from '../tenant/index.js';

/** What an import of an existing tenant changed, one line each, for the operator (English, like every CLI text). */
export function formatImportChanges(changes: readonly TenantFileChange[]): string {
  if (changes.length === 0) return 'Nothing changed: the tenant already matched the file.\n';
  const lines = changes.map((change) => {
    const what = change.entity === 'salon' ? change.key : `${change.entity} ${change.key}`;
    const fields = change.fields.length > 0 ? ` (${change.fields.join(', ')})` : '';
    return `  - ${what}: ${change.change}${fields}\n`;
  });
  return `Changed (${changes.length}):\n${lines.join('')}`;
}
