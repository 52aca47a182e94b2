import { AppError } from '../shared/index.js';
import type { AdminContext } from './admin-context.js';

/**
 * Whether the caller acts as the tenant's owner: the tenant's admin API key does (whoever set
 * the integration up holds it), a console session as its account's role.
 */
export function isOwner(context: AdminContext): boolean {
  return context.actor.kind === 'api_key' || context.actor.role === 'owner';
}

/** Refuses a console attendant with 403 `forbidden` (pt-BR, naming what only owners may do). */
export function assertOwner(context: AdminContext, what: string): void {
  if (!isOwner(context)) throw new AppError('forbidden', `Só o proprietário pode ${what}.`, 403);
}
