import type { z } from 'zod';
import type {
  AgendarResult,
  BuscarHorariosResult,
  CancelarResult,
  ListarProfissionaisResult,
  ListarServicosResult,
  MeusAgendamentosResult,
  RemarcarResult,
  SchedulingToolSet,
} from '../scheduling/tools/index.js';
import { type ToolCallContext, type ToolDefinition, ToolDomainException } from '../shared/index.js';

/** One service of a visit to book. */
export interface VisitBooking {
  professionalId: number;
  serviceId: number;
  start: string;
}

/** The scheduling tools, called as the model would call them, with typed results. */
export interface SchedulingCalls {
  listServices(): Promise<ListarServicosResult>;
  listProfessionals(serviceId: number): Promise<ListarProfissionaisResult>;
  findTimes(professionalId: number, date: string, serviceId: number): Promise<BuscarHorariosResult>;
  book(input: { professionalId: number; serviceId: number; start: string }): Promise<AgendarResult>;
  /**
   * A visit (several services, each with its professional and start), booked one after the
   * other. It stops at the first refusal: the services before it stay booked and are
   * returned, with the refusal. The tools' visit booking (`agendar` with `servicos`, all or
   * nothing) replaces it when the catalogue lands.
   */
  bookVisit(items: VisitBooking[]): Promise<{ booked: AgendarResult[]; refusal: ToolDomainException | null }>;
  myAppointments(): Promise<MeusAgendamentosResult>;
  cancel(appointmentId: number): Promise<CancelarResult>;
  reschedule(appointmentId: number, start: string): Promise<RemarcarResult>;
}

/**
 * Binds the typed tool definitions to one turn. Every call goes through the tool's own zod
 * schema and handler, exactly like the agent's, and its result type is the tool's own
 * output type. `toolUseId` is `offline:<conversationId>:<action>:<inbound message id>`:
 * the same message answered again (a retried job) books, cancels or reschedules only once.
 * A `ToolDomainException` propagates to the caller, which shows its message.
 */
export function createSchedulingCalls(
  tools: SchedulingToolSet,
  context: Omit<ToolCallContext, 'toolUseId'>,
  messageId: number,
): SchedulingCalls {
  let reads = 0;
  const call = <Input extends z.ZodType, Output>(
    tool: ToolDefinition<Input, Output>,
    input: z.input<Input>,
    action?: string,
  ): Promise<Output> => {
    const key = action ?? `${tool.name}.${++reads}`;
    const toolUseId = `offline:${context.conversationId}:${key}:${messageId}`;
    return tool.handler(tool.input.parse(input), { ...context, toolUseId });
  };
  const book = ({ professionalId, serviceId, start }: VisitBooking, action = 'book') =>
    call(tools.book, { profissional_id: professionalId, servico_id: serviceId, inicio: start }, action);
  return {
    listServices: () => call(tools.listServices, {}),
    listProfessionals: (serviceId) => call(tools.listProfessionals, { servico_id: serviceId }),
    findTimes: (professionalId, date, serviceId) =>
      call(tools.findTimes, { profissional_id: professionalId, data: date, servico_id: serviceId }),
    book: (input) => book(input),
    async bookVisit(items) {
      const booked: AgendarResult[] = [];
      for (const [index, item] of items.entries()) {
        try {
          // Each service its own action key, so a retried job books each once.
          booked.push(await book(item, index === 0 ? 'book' : `book.${index + 1}`));
        } catch (error) {
          if (!(error instanceof ToolDomainException)) throw error;
          return { booked, refusal: error };
        }
      }
      return { booked, refusal: null };
    },
    myAppointments: () => call(tools.myAppointments, {}),
    cancel: (appointmentId) => call(tools.cancel, { agendamento_id: appointmentId }, 'cancel'),
    reschedule: (appointmentId, start) => call(tools.reschedule, { agendamento_id: appointmentId, inicio: start }, 'reschedule'),
  };
}
