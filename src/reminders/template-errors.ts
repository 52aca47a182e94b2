/**
 * Meta's template errors (the 132xxx codes of the Cloud API error reference): each means the
 * template, not this one send, is wrong (missing, not approved in that language, paused,
 * disabled, or its parameters do not fit), so every reminder of the tenant fails the same way
 * until the business fixes it. The outbox never retries them (classify-meta-error.ts); the
 * reminder records the code and ops get a metric and a warning with this meaning.
 */
export const META_TEMPLATE_ERRORS: Readonly<Record<string, string>> = {
  '132000': 'number of parameters does not match the template',
  '132001': 'template does not exist in this language (or is not approved yet)',
  '132005': 'translated text is too long',
  '132007': "template format violates Meta's character policy",
  '132012': 'parameter format does not match the template',
  '132015': 'template is paused (low quality)',
  '132016': 'template is disabled',
  '132068': 'the template’s flow is blocked',
  '132069': 'the template’s flow is throttled',
};

/** What a send failure code means for ops: the template error's meaning, or null for other codes. */
export function templateErrorMeaning(code: string | null): string | null {
  if (!code) return null;
  return META_TEMPLATE_ERRORS[code] ?? (/^132\d{3}$/.test(code) ? 'template error' : null);
}
