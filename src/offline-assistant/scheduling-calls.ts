import type { z } from 'zod';
import type {
  AgendarResult,
  BuscarHorariosResult,
  BuscarHorariosVisitaResult,
  CancelarResult,
  EntrarListaEsperaResult,
  ListarProfissionaisResult,
  ListarServicosResult,
  MeusAgendamentosResult,
  RemarcarResult,
  SchedulingToolSet,
} from '../scheduling/tools/index.js';
import type { ToolCallContext, ToolDefinition } from '../shared/index.js';

/** One service of a visit: the service and its professional (null: anyone who does it). */
export interface VisitItem {
  serviceId: number;
  professionalId: number | null;
}

/** The scheduling tools, called as the model would call them, with typed results. */
export interface SchedulingCalls {
  listServices(): Promise<ListarServicosResult>;
  listProfessionals(serviceId: number): Promise<ListarProfissionaisResult>;
  findTimes(professionalId: number, date: string, serviceId: number): Promise<BuscarHorariosResult>;
  /** `buscar_horarios` with `servicos`: the starts of a day where the whole visit fits. */
  findVisitTimes(date: string, items: VisitItem[]): Promise<BuscarHorariosVisitaResult>;
  book(input: { professionalId: number; serviceId: number; start: string }): Promise<AgendarResult>;
  /** `agendar` with `servicos`: the whole visit from `start`, all or nothing (a refusal is thrown, nothing booked). */
  bookVisit(start: string, items: VisitItem[]): Promise<AgendarResult>;
  myAppointments(): Promise<MeusAgendamentosResult>;
  cancel(appointmentId: number): Promise<CancelarResult>;
  reschedule(appointmentId: number, start: string): Promise<RemarcarResult>;
  /** `entrar_lista_espera`: the customer on the waitlist for a service on a day (a part of it, a professional). */
  joinWaitlist(input: {
    serviceId: number;
    date: string;
    period?: 'manha' | 'tarde' | 'noite';
    professionalId?: number;
  }): Promise<EntrarListaEsperaResult>;
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
  const servicos = (items: VisitItem[]) =>
    items.map((item) => ({
      servico_id: item.serviceId,
      ...(item.professionalId === null ? {} : { profissional_id: item.professionalId }),
    }));
  return {
    listServices: () => call(tools.listServices, {}),
    listProfessionals: (serviceId) => call(tools.listProfessionals, { servico_id: serviceId }),
    findTimes: async (professionalId, date, serviceId) =>
      asDaySearch(await call(tools.findTimes, { profissional_id: professionalId, data: date, servico_id: serviceId })),
    findVisitTimes: async (date, items) => asVisitSearch(await call(tools.findTimes, { data: date, servicos: servicos(items) })),
    book: ({ professionalId, serviceId, start }) =>
      call(tools.book, { profissional_id: professionalId, servico_id: serviceId, inicio: start }, 'book'),
    bookVisit: (start, items) => call(tools.book, { inicio: start, servicos: servicos(items) }, 'book'),
    myAppointments: () => call(tools.myAppointments, {}),
    cancel: (appointmentId) => call(tools.cancel, { agendamento_id: appointmentId }, 'cancel'),
    reschedule: (appointmentId, start) => call(tools.reschedule, { agendamento_id: appointmentId, inicio: start }, 'reschedule'),
    joinWaitlist: ({ serviceId, date, period, professionalId }) =>
      call(
        tools.joinWaitlist,
        {
          servico_id: serviceId,
          data: date,
          ...(period ? { periodo: period } : {}),
          ...(professionalId ? { profissional_id: professionalId } : {}),
        },
        'waitlist',
      ),
  };
}

/** `buscar_horarios` answers a one-service search with the day's ranges, a visit search with its starts. */
function asDaySearch(result: BuscarHorariosResult | BuscarHorariosVisitaResult): BuscarHorariosResult {
  if ('inicios' in result) throw new Error('buscar_horarios answered a visit search to a one-service question');
  return result;
}

function asVisitSearch(result: BuscarHorariosResult | BuscarHorariosVisitaResult): BuscarHorariosVisitaResult {
  if (!('inicios' in result)) throw new Error('buscar_horarios answered a one-service search to a visit question');
  return result;
}
