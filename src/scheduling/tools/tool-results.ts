/**
 * Shapes of the scheduling tools' JSON results, as the model (and the offline menu
 * assistant, which calls the handlers directly) receives them. Field names are pt-BR like
 * the tools' arguments; dates are the tenant's local "YYYY-MM-DD", times local "HH:mm".
 * Keep these stable: other components code against them.
 */

export interface ServicoResumo {
  id: number;
  nome: string;
  duracao_minutos: number;
  /** the price as the customer reads it ("R$ 60,00", "a partir de R$ 80,00"); absent when the catalogue has none */
  preco?: string;
}

export interface ProfissionalResumo {
  id: number;
  nome: string;
}

/** Who does a catalogue entry; `preco` / `duracao_minutos` only when this professional's differ from the entry's. */
export interface ProfissionalDoServico extends ProfissionalResumo {
  preco?: string;
  duracao_minutos?: number;
}

/** A variant (or a service): booked with its own id. */
export interface VariacaoCatalogo extends ServicoResumo {
  profissionais: ProfissionalDoServico[];
}

export interface ServicoCatalogo extends VariacaoCatalogo {
  /** variants of the service ("Escova cabelo longo"), each chosen like a service, by its own id; absent when none */
  variacoes?: VariacaoCatalogo[];
}

export interface ListarServicosResult {
  servicos: ServicoCatalogo[];
}

export interface ListarProfissionaisResult {
  profissionais: (ProfissionalResumo & { servicos: ServicoResumo[] })[];
}

/** A run of consecutive free start times (every `passo_minutos` from `de` to `ate`, both included). */
export interface FaixaLivre {
  /** "manhã" (before 12:00), "tarde" (12:00–17:59) or "noite" (18:00 on). */
  periodo: 'manhã' | 'tarde' | 'noite';
  de: string;
  ate: string;
  livres: number;
}

export interface BuscarHorariosResult {
  profissional: ProfissionalResumo;
  servico: ServicoResumo;
  data: string;
  /** "terça-feira" */
  dia_semana: string;
  total_livres: number;
  passo_minutos: number;
  /** Every free start time of the day, summarised as ranges. */
  faixas: FaixaLivre[];
  /** All free start times when few; otherwise the first ones, spread over the ranges ("HH:mm"). */
  horarios: string[];
  /** How many free start times `horarios` leaves out (they are inside `faixas`). */
  horarios_omitidos: number;
  /** Only when the day has no free time: the next date with a free time within the horizon, or null. */
  proximo_dia_com_horario?: string | null;
  /** Short pt-BR note for the model when something needs saying (e.g. the day is full). */
  observacao?: string;
}

export interface AgendamentoResumo {
  agendamento_id: number;
  /** the visit it belongs to (several services booked together); absent for one service */
  visita_id?: number;
  /** its price at booking ("R$ 60,00"); absent when the catalogue has none */
  preco?: string;
  /** `aguardando_sinal`: held for a deposit not paid yet (NOT booked); `sinal_expirado`: the hold ran out unpaid */
  status: 'agendado' | 'confirmado' | 'cancelado' | 'compareceu' | 'faltou' | 'aguardando_sinal' | 'sinal_expirado';
  data: string;
  dia_semana: string;
  inicio: string;
  fim: string;
  profissional: ProfissionalResumo;
  servico: ServicoResumo;
  /** only in `meus_agendamentos`, for `aguardando_sinal`: the deposit it waits for */
  sinal?: SinalAguardado;
}

/** A listed booking's deposit not paid yet: the amount and until when the slot is held. */
export interface SinalAguardado {
  /** "R$ 54,00" */
  valor: string;
  /** local "HH:mm": the slot is released after it without payment */
  reservado_ate: string;
  /** what to tell the customer */
  instrucao: string;
}

/** One service of a visit at one start. */
export interface ItemDaVisita {
  servico: { id: number; nome: string };
  profissional: ProfissionalResumo;
  inicio: string;
  fim: string;
  preco?: string;
}

/** `buscar_horarios` with `servicos`: the starts where the whole visit fits. */
export interface BuscarHorariosVisitaResult {
  data: string;
  dia_semana: string;
  total_inicios: number;
  /** the first starts (all when few), each with its services' times and professionals and the total when every price is known */
  inicios: { inicio: string; itens: ItemDaVisita[]; total?: string }[];
  inicios_omitidos: number;
  observacao?: string;
}

/** A visit as `agendar` with `servicos` booked it. */
export interface VisitaAgendada {
  visita_id: number;
  agendamentos: AgendamentoResumo[];
  /** the sum of the prices when every service has one */
  total?: string;
}

export interface AgendarResult {
  /** the appointment booked (a visit's first service) */
  agendamento: AgendamentoResumo;
  /** only for a visit: every service booked, in order */
  visita?: VisitaAgendada;
  /** true when this call returned an appointment that already existed (repeated call, or the same customer and slot). */
  ja_existia: boolean;
  /**
   * Present when the booking waits for a deposit ("sinal") by Pix: the appointment is NOT booked
   * yet (status `aguardando_sinal`), only held until `reservado_ate` while the customer pays.
   */
  sinal?: SinalPendente;
}

/** A deposit the customer still has to pay, as the model reads it. */
export interface SinalPendente {
  /** "R$ 54,00" */
  valor: string;
  /** local "HH:mm": the slot is released after it without payment */
  reservado_ate: string;
  minutos_para_pagar: number;
  /** the refund policy, as the customer should read it */
  politica_de_cancelamento: string;
  /** what to tell the customer */
  instrucao: string;
}

export interface MeusAgendamentosResult {
  /** The customer's upcoming appointments (booked, confirmed, or held waiting for a deposit: `aguardando_sinal` with `sinal`), soonest first. */
  agendamentos: AgendamentoResumo[];
}

export interface CancelarResult {
  agendamento: AgendamentoResumo;
  /** true when it was already cancelled before this call (nothing changed). */
  ja_estava_cancelado: boolean;
}

export interface RemarcarResult {
  /** The appointment as it is now (the same id: a move changes it in place). */
  agendamento: AgendamentoResumo;
  anterior: { agendamento_id: number; data: string; inicio: string };
  /** only for a visit, which moves as a whole: every service at its new time, in order (the same ids) */
  visita?: VisitaAgendada;
  /** true when this call had already been applied (repeated call) or the new time equals the old one. */
  ja_existia: boolean;
}

/** `entrar_lista_espera`: the entry the customer is on (the same one when they asked before). */
export interface EntrarListaEsperaResult {
  lista_espera: {
    id: number;
    servico: ProfissionalResumo;
    data: string;
    /** absent: any time of the day */
    periodo?: 'manha' | 'tarde' | 'noite';
    profissional?: ProfissionalResumo;
    /** what happens next, for the model to tell the customer */
    como_funciona: string;
  };
  ja_estava_na_lista: boolean;
}
