import type { Response } from 'express';
import { AppError } from '../shared/index.js';

/** Who is calling, set by the API-key middleware: every admin query filters by `tenantId`. */
export interface AdminContext {
  tenantId: number;
  apiKeyId: number;
  /** the tenant's IANA time zone: plain dates in queries are local days */
  timezone: string;
}

const KEY = 'admin';

export function setAdminContext(response: Response, context: AdminContext): void {
  response.locals[KEY] = context;
}

/** The authenticated caller; throws if a route is mounted without the API-key middleware. */
export function adminContextOf(response: Response): AdminContext {
  const context = response.locals[KEY] as AdminContext | undefined;
  if (!context) throw new AppError('internal_error', 'admin route reached without authentication', 500);
  return context;
}
