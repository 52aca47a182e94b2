export type {
  AgendamentoResumo,
  AgendarResult,
  BuscarHorariosResult,
  CancelarResult,
  FaixaLivre,
  ListarProfissionaisResult,
  ListarServicosResult,
  MeusAgendamentosResult,
  ProfissionalResumo,
  RemarcarResult,
  ServicoResumo,
} from './tool-results.js';
