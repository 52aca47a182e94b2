import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { AppError } from '../shared/index.js';

const IDEMPOTENCY_KEY = /^[\w.:-]{1,100}$/;

/**
 * The key that makes a retried staff write happen once: `<scope>:<tenant>:<Idempotency-Key
 * header>`, or a fresh one when the header is absent. A malformed header is a 400.
 */
export function idempotencyKeyOf(request: Request, scope: string, tenantId: number): string {
  const header = request.get('idempotency-key');
  if (header !== undefined && !IDEMPOTENCY_KEY.test(header)) {
    throw new AppError('invalid_request', 'invalid request: headers.idempotency-key', 400, [
      { path: 'headers.idempotency-key', message: 'expected 1 to 100 letters, digits, or . _ : -' },
    ]);
  }
  return `${scope}:${tenantId}:${header ?? randomUUID()}`;
}
