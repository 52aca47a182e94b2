import { z } from 'zod';

/**
 * The tools' input schemas: what the model sees as `input_schema` (through
 * `z.toJSONSchema`). Ints are bounded to PostgreSQL's int4 so the JSON schema carries no
 * ±2^53 bounds and a huge id is refused as bad input instead of failing in the database.
 */
const id = (description: string) => z.number().int().positive().max(2_147_483_647).describe(description);

const localDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'use AAAA-MM-DD')
  .describe('Data no horário local do estabelecimento, formato AAAA-MM-DD (ex.: 2026-12-01).');

const localStart = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'use AAAA-MM-DDTHH:mm')
  .describe(
    'Início no horário local do estabelecimento, formato AAAA-MM-DDTHH:mm (ex.: 2026-12-01T14:30). Use um horário devolvido por buscar_horarios.',
  );

export const listarServicosInput = z.object({});

export const listarProfissionaisInput = z.object({
  servico_id: id('Opcional: id do serviço (de listar_servicos) para listar só quem faz esse serviço.').optional(),
});

/** A visit: several services in this order, back to back, each with its professional or anyone who does it. */
const servicos = z
  .array(
    z.object({
      servico_id: id('Id do serviço ou da variação (de listar_servicos).'),
      profissional_id: id('Opcional: id do profissional desse serviço; sem ele, qualquer profissional que o faça.').optional(),
    }),
  )
  .min(1)
  .max(4)
  .describe(
    'Para uma visita com vários serviços (ex.: corte e escova), na ordem em que acontecem, um logo após o outro. ' +
      'Use no lugar de servico_id/profissional_id.',
  );

const oneOrVisit = (input: { profissional_id?: number | undefined; servicos?: unknown[] | undefined }, context: z.RefinementCtx) => {
  if (input.servicos !== undefined && input.profissional_id !== undefined) {
    context.addIssue({ code: 'custom', path: ['profissional_id'], message: 'com servicos, informe o profissional dentro de cada serviço' });
  }
  if (input.servicos === undefined && input.profissional_id === undefined) {
    context.addIssue({ code: 'custom', path: ['profissional_id'], message: 'informe profissional_id ou servicos' });
  }
};

export const buscarHorariosInput = z
  .object({
    profissional_id: id('Id do profissional (de listar_profissionais). Sem servicos, obrigatório.').optional(),
    data: localDate,
    servico_id: id(
      'Id do serviço (de listar_servicos). Informe sempre que o cliente já escolheu o serviço: a duração muda os horários. Sem ele, usa o serviço mais curto do profissional.',
    ).optional(),
    servicos: servicos.optional(),
  })
  .superRefine(oneOrVisit);

export const agendarInput = z
  .object({
    profissional_id: id('Id do profissional (de listar_profissionais). Sem servicos, obrigatório.').optional(),
    servico_id: id('Id do serviço ou da variação (de listar_servicos). Sem servicos, obrigatório.').optional(),
    inicio: localStart,
    servicos: servicos.optional(),
  })
  .superRefine((input, context) => {
    oneOrVisit(input, context);
    if (input.servicos === undefined && input.servico_id === undefined) {
      context.addIssue({ code: 'custom', path: ['servico_id'], message: 'informe servico_id ou servicos' });
    }
    if (input.servicos !== undefined && input.servico_id !== undefined) {
      context.addIssue({ code: 'custom', path: ['servico_id'], message: 'com servicos, não informe servico_id' });
    }
  });

export const meusAgendamentosInput = z.object({});

export const cancelarInput = z.object({
  agendamento_id: id('Id do agendamento (de meus_agendamentos).'),
});

export const remarcarInput = z.object({
  agendamento_id: id('Id do agendamento a remarcar (de meus_agendamentos).'),
  inicio: localStart,
});

export const entrarListaEsperaInput = z.object({
  servico_id: id('Id do serviço ou da variação (de listar_servicos) que o cliente quer.'),
  data: localDate,
  periodo: z
    .enum(['manha', 'tarde', 'noite'])
    .describe(
      'Opcional: parte do dia pelo início do horário: manha (antes das 12:00), tarde (12:00 até antes das 18:00), noite (a partir das 18:00).',
    )
    .optional(),
  profissional_id: id('Opcional: id do profissional (de listar_profissionais); sem ele, qualquer um que faça o serviço.').optional(),
});

/** The appointment id field of the tools that act on one appointment, named once for the prompt's rules. */
export const APPOINTMENT_ID_FIELD = 'agendamento_id' satisfies keyof typeof cancelarInput.shape & keyof typeof remarcarInput.shape;
