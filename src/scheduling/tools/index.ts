// The bot's tool adapter: the eight scheduling tools (definitions, inputs, pt-BR results), the
// refusals worded for the model, and what each write changed (for claims and receipts).
export { changeOfResult } from './change-of-result.js';
export {
  type CustomerMoveSource,
  createSchedulingToolSet,
  createSchedulingTools,
  type SchedulingToolDeps,
  type SchedulingToolSet,
} from './create-scheduling-tools.js';
export { refundPolicy, toSinalPendente } from './format-deposit.js';
export { toAgendamentoResumo, toBuscarHorariosResult, toServicoResumo } from './format-results.js';
export { recordScheduleChanges } from './record-schedule-changes.js';
export {
  agendarInput,
  buscarHorariosInput,
  cancelarInput,
  entrarListaEsperaInput,
  listarProfissionaisInput,
  listarServicosInput,
  meusAgendamentosInput,
  remarcarInput,
} from './scheduling-tool-inputs.js';
export { toolRefusal } from './tool-refusal.js';
export type {
  AgendamentoResumo,
  AgendarResult,
  BuscarHorariosResult,
  BuscarHorariosVisitaResult,
  CancelarResult,
  EntrarListaEsperaResult,
  FaixaLivre,
  ItemDaVisita,
  ListarProfissionaisResult,
  ListarServicosResult,
  MeusAgendamentosResult,
  ProfissionalDoServico,
  ProfissionalResumo,
  RemarcarResult,
  ServicoCatalogo,
  ServicoResumo,
  SinalAguardado,
  SinalPendente,
  VariacaoCatalogo,
  VisitaAgendada,
} from './tool-results.js';
