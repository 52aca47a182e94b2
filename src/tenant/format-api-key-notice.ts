/** The operator-facing text that shows a new admin API key, the only time it is ever shown. */
export function formatApiKeyNotice(tenantSlug: string, apiKey: string): string {
  return [
    '',
    `New admin API key for tenant "${tenantSlug}" (shown only this once; only its hash is stored, so save it now):`,
    '',
    `    ${apiKey}`,
    '',
    'Use it as the header  Authorization: Bearer <key>  on the admin API (/admin/...).',
    '',
  ].join('\n');
}
