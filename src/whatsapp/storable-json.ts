/** Deepest nesting a stored webhook item may have; real Meta items stay under 10. */
export const MAX_ITEM_DEPTH = 64;

/**
 * Why a webhook item cannot go into a jsonb column, or null when it can: nested deeper than
 * MAX_ITEM_DEPTH (PostgreSQL's own limit is the server's stack), or a key holding a NUL or a
 * lone surrogate (jsonb refuses both; string values are cleaned when the body is parsed, keys
 * cannot be). Iterative, so a 5 000-deep item cannot overflow this process's stack either.
 */
export function unstorableJsonReason(value: unknown): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth > MAX_ITEM_DEPTH) return `nested deeper than ${MAX_ITEM_DEPTH} levels`;
    if (Array.isArray(current)) {
      for (const item of current) stack.push({ value: item, depth: depth + 1 });
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      if (key.includes('\u0000') || LONE_SURROGATE.test(key))
        return `a key holds a NUL or a lone surrogate (${JSON.stringify(key).slice(0, 40)})`;
      stack.push({ value: item, depth: depth + 1 });
    }
  }
  return null;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
