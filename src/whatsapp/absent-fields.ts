/** Keys that name a person or a message: an empty string there means the id is absent. */
const ID_KEYS = new Set([
  'from',
  'to',
  'from_user_id',
  'to_user_id',
  'from_parent_user_id',
  'wa_id',
  'user_id',
  'parent_user_id',
  'recipient_id',
  'recipient_user_id',
]);

/**
 * A copy of a webhook item as the payload schemas read it: a JSON `null` anywhere stands for an
 * absent field (a Flow reply's `response_json: null`, `context: null`), and so does an empty
 * string under an id key (`from: ""` next to `from_user_id` for a user known only by user id,
 * an echo's `to: ""` next to `to_user_id`). Without this one such field refused the whole
 * item and it was dead-lettered: the customer never answered. Array entries that are null stay
 * (they are items, checked one by one). The item is stored as Meta sent it; only its reading
 * uses the copy. `deep: false` cleans only the top level (a change's value, whose items are
 * cleaned on their own).
 */
export function withAbsentFieldsDropped(value: unknown, deep = true): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return deep ? value.map((item) => withAbsentFieldsDropped(item)) : value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (field === null || (field === '' && ID_KEYS.has(key))) continue;
    copy[key] = deep ? withAbsentFieldsDropped(field) : field;
  }
  return copy;
}
