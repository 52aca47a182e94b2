import { z } from 'zod';
import type { ApiTool } from './model-types.js';

const SAFE_INTEGER_BOUND = Number.MAX_SAFE_INTEGER;

/**
 * The Messages API `input_schema` of a zod schema. zod adds `$schema` (noise for the model)
 * and ±(2^53 − 1) bounds to every unbounded `.int()`; both are removed so the schema says
 * only what the tool author wrote. Throws when the schema is not an object schema, since
 * the API accepts only those.
 */
export function toInputSchema(schema: z.ZodType): ApiTool['input_schema'] {
  const json = stripGeneratedNoise(z.toJSONSchema(schema, { io: 'input' })) as Record<string, unknown>;
  delete json.$schema;
  if (json.type !== 'object') throw new Error('a tool input schema must be a zod object');
  return json as ApiTool['input_schema'];
}

function stripGeneratedNoise(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(stripGeneratedNoise);
  if (typeof node !== 'object' || node === null) return node;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if ((key === 'minimum' && value === -SAFE_INTEGER_BOUND) || (key === 'maximum' && value === SAFE_INTEGER_BOUND)) continue;
    result[key] = stripGeneratedNoise(value);
  }
  return result;
}
