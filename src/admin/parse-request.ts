import type { z } from 'zod';
import { AppError } from '../shared/index.js';

/** Where a value came from; it prefixes each problem's path (`body.attendant`, `query.status`). */
type RequestPart = 'body' | 'query' | 'params';

/**
 * Validates one part of a request. Throws `AppError('invalid_request', …, 400)` whose
 * details list every problem as `{path, message}`, e.g. `{path: 'body.attendant', …}`.
 */
export function parseRequest<Schema extends z.ZodType>(schema: Schema, part: RequestPart, value: unknown): z.output<Schema> {
  const parsed = schema.safeParse(value ?? (part === 'body' ? undefined : {}));
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({
    path: [part, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  throw new AppError('invalid_request', `invalid request: ${details.map((detail) => detail.path).join(', ')}`, 400, details);
}
