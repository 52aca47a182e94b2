/** Literal JSON punctuation waiting on the stack (a class of its own, so no parsed value is taken for one). */
class Raw {
  constructor(readonly text: string) {}
}

/**
 * JSON.stringify without recursion, for values nested deeper than the call stack allows
 * (a hostile webhook item); the same text as JSON.stringify for parsed JSON.
 */
export function stringifyDeep(value: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (current instanceof Raw) {
      out.push(current.text);
      continue;
    }
    if (current === null || typeof current !== 'object') {
      out.push(JSON.stringify(current) ?? 'null');
      continue;
    }
    const parts: unknown[] = [];
    if (Array.isArray(current)) {
      parts.push(new Raw('['));
      current.forEach((item, index) => {
        if (index > 0) parts.push(new Raw(','));
        parts.push(item);
      });
      parts.push(new Raw(']'));
    } else {
      parts.push(new Raw('{'));
      let first = true;
      for (const [key, item] of Object.entries(current)) {
        if (item === undefined) continue;
        parts.push(new Raw(`${first ? '' : ','}${JSON.stringify(key)}:`), item);
        first = false;
      }
      parts.push(new Raw('}'));
    }
    // Pushed in reverse: the stack pops them in order.
    for (let index = parts.length - 1; index >= 0; index--) stack.push(parts[index]);
  }
  return out.join('');
}
