import { type Response, Router } from 'express';
import { z } from 'zod';
import {
  createStaffAccount,
  listStaffAccounts,
  type ManageStaffOutcome,
  manageStaffAccount,
  STAFF_ROLES,
  type StaffChange,
} from '../auth/index.js';
import type { Sent, StaffMember } from '../contract/index.js';
import type { Db } from '../db/index.js';
import { AppError, type Clock, type Logger } from '../shared/index.js';
import { adminContextOf } from './admin-context.js';
import { assertOwner } from './owner-only.js';
import { parseRequest } from './parse-request.js';
import { idParamsSchema } from './request-schemas.js';

const roleBodySchema = z.object({ role: z.enum(STAFF_ROLES, { error: 'expected owner or attendant' }) });
const addStaffBodySchema = z.object({
  email: z.email('expected an e-mail address').max(200),
  name: z.string().trim().min(1, 'name must not be empty').max(80, 'name: at most 80 characters'),
  role: z.enum(STAFF_ROLES, { error: 'expected owner or attendant' }).default('attendant'),
});

/**
 * The owner's management of the team's accounts, as the CLI's `staff add|disable|enable|
 * reset-password|role`: `GET /admin/staff` lists them, `POST /admin/staff` `{"email", "name",
 * "role"}` adds one → 201 with its one-time `password` (shown once; 409 `email_taken`), `POST /admin/staff/:id/disable` and `/enable`, `PATCH /admin/staff/:id`
 * `{"role"}`, `POST /admin/staff/:id/reset-password` → a one-time `password`. Owners only
 * (attendants 403); another tenant's account is 404; the last active owner can be neither
 * disabled nor made an attendant (409 `last_owner`). Disabling or resetting ends the account's
 * sessions at once. Mounted under `/admin`.
 */
export function createStaffAccountRoutes(deps: { db: Db; logger: Logger; clock: Clock }): Router {
  const router = Router();

  const manage = async (response: Response, id: number, change: StaffChange) => {
    const context = adminContextOf(response);
    assertOwner(context, 'gerenciar a equipe');
    const outcome = await manageStaffAccount(deps.db, { tenantId: context.tenantId, staffId: id }, change, {
      now: deps.clock.now(),
      keepAnOwner: true,
    });
    const account = accountOf(outcome);
    deps.logger.info({ tenantId: context.tenantId, staffId: account.id, change: change.kind }, 'staff account changed');
    return outcome;
  };

  router.get('/staff', async (_request, response) => {
    const context = adminContextOf(response);
    assertOwner(context, 'gerenciar a equipe');
    const items: Sent<StaffMember>[] = await listStaffAccounts(deps.db, context.tenantId);
    response.json({ items });
  });

  router.post('/staff', async (request, response) => {
    const context = adminContextOf(response);
    assertOwner(context, 'gerenciar a equipe');
    const body = parseRequest(addStaffBodySchema, 'body', request.body);
    const outcome = await createStaffAccount(deps.db, { tenantId: context.tenantId, ...body });
    switch (outcome.kind) {
      case 'created':
        deps.logger.info({ tenantId: context.tenantId, staffId: outcome.staffId, role: outcome.role }, 'staff account added');
        response.status(201).set('Cache-Control', 'no-store').json({
          id: outcome.staffId,
          email: outcome.email,
          name: outcome.name,
          role: outcome.role,
          disabled: false,
          password: outcome.initialPassword,
        });
        return;
      case 'email_taken':
        throw new AppError('email_taken', 'Este e-mail já tem uma conta no console.', 409);
      case 'invalid':
        throw new AppError('invalid_request', `invalid request: ${outcome.problems.join('; ')}`, 400);
      case 'tenant_not_found':
        throw new AppError('not_found', 'Salão não encontrado.', 404);
    }
  });

  router.post('/staff/:id/disable', async (request, response) => {
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const outcome = await manage(response, id, { kind: 'disable' });
    response.json(accountOf(outcome));
  });

  router.post('/staff/:id/enable', async (request, response) => {
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const outcome = await manage(response, id, { kind: 'enable' });
    response.json(accountOf(outcome));
  });

  router.patch('/staff/:id', async (request, response) => {
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const { role } = parseRequest(roleBodySchema, 'body', request.body);
    const outcome = await manage(response, id, { kind: 'role', role });
    response.json(accountOf(outcome));
  });

  router.post('/staff/:id/reset-password', async (request, response) => {
    const { id } = parseRequest(idParamsSchema, 'params', request.params);
    const outcome = await manage(response, id, { kind: 'reset_password' });
    if (outcome.kind !== 'password_reset') throw new AppError('internal_error', 'reset gave no password', 500);
    response.set('Cache-Control', 'no-store').json({ ...accountOf(outcome), password: outcome.initialPassword });
  });

  return router;
}

/** The account of a change that went through, or the refusal as an HTTP error (pt-BR for the owner). */
function accountOf(outcome: ManageStaffOutcome) {
  switch (outcome.kind) {
    case 'done':
    case 'password_reset': {
      const { staffId, email, name, role, disabled } = outcome.account;
      return { id: staffId, email, name, role, disabled };
    }
    case 'not_found':
      throw new AppError('not_found', 'Conta da equipe não encontrada.', 404);
    case 'invalid_role':
      throw new AppError('invalid_request', 'Papel inválido: use owner ou attendant.', 400);
    case 'last_owner':
      throw new AppError('last_owner', 'Esta é a última conta de proprietário ativa: promova outra pessoa antes.', 409);
  }
}
