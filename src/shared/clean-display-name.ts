/** The longest attendant (or other person's) name kept; longer ones are cut. */
export const DISPLAY_NAME_MAX_CHARS = 60;

// Control and format characters (newlines, tabs, bidi overrides, zero-width joiners…) and the
// line/paragraph separators: a name is one short line, and nothing in it may shape a prompt.
const UNSAFE = /[\p{Cc}\p{Cf}\u2028\u2029]+/gu;

/**
 * A person's name made safe to show anywhere, the model's context included: control and
 * format characters become spaces, whitespace is collapsed, and it is cut to
 * DISPLAY_NAME_MAX_CHARS (never in the middle of a surrogate pair). May return ''.
 */
export function cleanDisplayName(value: string): string {
  const collapsed = value.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();
  const chars = Array.from(collapsed);
  return chars.length <= DISPLAY_NAME_MAX_CHARS ? collapsed : chars.slice(0, DISPLAY_NAME_MAX_CHARS).join('').trim();
}
