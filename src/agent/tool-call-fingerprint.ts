/**
 * Identity of a tool call for repetition detection: the tool name plus its input as
 * canonical JSON (object keys sorted at every depth), so `{a:1,b:2}` and `{b:2,a:1}` match.
 */
export function toolCallFingerprint(name: string, input: unknown): string {
  return `${name}:${canonicalJson(input)}`;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, entry]) => entry !== undefined)
      .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
