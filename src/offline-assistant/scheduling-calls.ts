import type {
  AgendarResult,
  BuscarHorariosResult,
  CancelarResult,
  ListarProfissionaisResult,
  ListarServicosResult,
  MeusAgendamentosResult,
  RemarcarResult,
} from '../scheduling/index.js';
import type { ToolCallContext, ToolDefinition } from '../shared/index.js';

/** The scheduling tools, called as the model would call them, with typed results. */
export interface SchedulingCalls {
  listServices(): Promise<ListarServicosResult>;
  listProfessionals(serviceId: number): Promise<ListarProfissionaisResult>;
  findTimes(professionalId: number, date: string, serviceId: number): Promise<BuscarHorariosResult>;
  book(input: { professionalId: number; serviceId: number; start: string }): Promise<AgendarResult>;
  myAppointments(): Promise<MeusAgendamentosResult>;
  cancel(appointmentId: number): Promise<CancelarResult>;
  reschedule(appointmentId: number, start: string): Promise<RemarcarResult>;
}

/**
 * Binds the tool definitions to one turn. Every call goes through the tool's own zod schema
 * and handler, exactly like the agent's. `toolUseId` is `offline:<conversationId>:<action>:<inbound message id>`:
 * the same message answered again (a retried job) books, cancels or reschedules only once.
 * A `ToolDomainException` propagates to the caller, which shows its message.
 */
export function createSchedulingCalls(
  tools: ToolDefinition[],
  context: Omit<ToolCallContext, 'toolUseId'>,
  messageId: number,
): SchedulingCalls {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  let reads = 0;
  const call = async <Result>(name: string, input: unknown, action?: string): Promise<Result> => {
    const tool = byName.get(name);
    if (!tool) throw new Error(`scheduling tool ${name} is not registered`);
    const key = action ?? `${name}.${++reads}`;
    const toolUseId = `offline:${context.conversationId}:${key}:${messageId}`;
    return (await tool.handler(tool.input.parse(input), { ...context, toolUseId })) as Result;
  };
  return {
    listServices: () => call('listar_servicos', {}),
    listProfessionals: (serviceId) => call('listar_profissionais', { servico_id: serviceId }),
    findTimes: (professionalId, date, serviceId) =>
      call('buscar_horarios', { profissional_id: professionalId, data: date, servico_id: serviceId }),
    book: ({ professionalId, serviceId, start }) =>
      call('agendar', { profissional_id: professionalId, servico_id: serviceId, inicio: start }, 'book'),
    myAppointments: () => call('meus_agendamentos', {}),
    cancel: (appointmentId) => call('cancelar', { agendamento_id: appointmentId }, 'cancel'),
    reschedule: (appointmentId, start) => call('remarcar', { agendamento_id: appointmentId, inicio: start }, 'reschedule'),
  };
}
