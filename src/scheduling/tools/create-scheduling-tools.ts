import type { ToolDefinition } from '../../shared/index.js';
import { createBookingTools } from './booking-tools.js';
import { createCatalogueTools } from './catalogue-tools.js';
import { createChangeTools } from './change-tools.js';
import type { SchedulingToolDeps } from './scheduling-tool-deps.js';
import { createWaitlistTool } from './waitlist-tool.js';

export type { CustomerMoveSource, SchedulingToolDeps } from './scheduling-tool-deps.js';

/**
 * The eight scheduling tools of the contract (`listar_servicos`, `listar_profissionais`,
 * `buscar_horarios`, `agendar`, `meus_agendamentos`, `cancelar`, `remarcar`,
 * `entrar_lista_espera`): the bot's
 * adapter over the domain's one booking, move and cancellation path, under the customer's
 * policy. Tenant and customer come only from the call context; write tools are idempotent
 * per `toolUseId`. The domain's refusals are thrown as `ToolDomainException`s with pt-BR
 * text for the model (see toolRefusal).
 */
export function createSchedulingToolSet(deps: SchedulingToolDeps) {
  const catalogue = createCatalogueTools(deps);
  const booking = createBookingTools(deps);
  const changes = createChangeTools(deps);
  const waitlist = createWaitlistTool(deps);
  // In the contract's order, the order the model is given them in.
  return {
    listServices: catalogue.listServices,
    listProfessionals: catalogue.listProfessionals,
    findTimes: catalogue.findTimes,
    book: booking.book,
    myAppointments: booking.myAppointments,
    cancel: changes.cancel,
    reschedule: changes.reschedule,
    joinWaitlist: waitlist.joinWaitlist,
  };
}

/**
 * The scheduling tools by what they do, each typed with its input and output (the offline
 * assistant calls them so).
 */
export type SchedulingToolSet = ReturnType<typeof createSchedulingToolSet>;

/** The same tools as a list, as the agent's registry takes them. */
export function createSchedulingTools(deps: SchedulingToolDeps): ToolDefinition[] {
  return Object.values(createSchedulingToolSet(deps));
}
