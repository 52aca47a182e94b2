import type { Response } from 'express';
import { AppError } from '../shared/index.js';

/** Who made an admin call: an integration with the tenant's API key, or a person signed in to the console. */
export type AdminActor =
  | { kind: 'api_key'; apiKeyId: number }
  | { kind: 'staff'; staffId: number; sessionId: number; name: string; role: 'owner' | 'attendant' };

/** Who is calling, set by the authentication middleware: every admin query filters by `tenantId`. */
export interface AdminContext {
  tenantId: number;
  /** the API key used, or null for a console session */
  apiKeyId: number | null;
  actor: AdminActor;
  /** the tenant's IANA time zone: plain dates in queries are local days */
  timezone: string;
}

const KEY = 'admin';

export function setAdminContext(response: Response, context: AdminContext): void {
  response.locals[KEY] = context;
}

/** The authenticated caller; throws if a route is mounted without the authentication middleware. */
export function adminContextOf(response: Response): AdminContext {
  const context = response.locals[KEY] as AdminContext | undefined;
  if (!context) throw new AppError('internal_error', 'admin route reached without authentication', 500);
  return context;
}

/** The signed-in person's staff account, or null for an API key. */
export function staffIdOf(context: AdminContext): number | null {
  return context.actor.kind === 'staff' ? context.actor.staffId : null;
}

/** The signed-in person's name (the attendant of a claim or reply, the actor of an agenda change), or null for an API key. */
export function staffNameOf(context: AdminContext): string | null {
  return context.actor.kind === 'staff' ? context.actor.name : null;
}
