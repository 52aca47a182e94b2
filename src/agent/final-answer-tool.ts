import { z } from 'zod';
import type { AnswerDeclaration } from '../answer-claims/index.js';
import { defineTool, ToolDomainException } from '../shared/index.js';
import type { ToolUseBlock } from './model-types.js';

export const FINAL_ANSWER_TOOL_NAME = 'responder_cliente';

const AFIRMA = ['nada', 'agendou', 'cancelou', 'remarcou', 'nao_e_possivel'] as const;

const finalAnswerInput = z.object({
  texto: z.string().trim().min(1).max(4000).describe('A mensagem para o cliente, em português do Brasil.'),
  afirma: z
    .enum(AFIRMA)
    .describe(
      'O que a mensagem afirma: "agendou", "cancelou" ou "remarcou" só quando uma chamada de agendar, cancelar ou remarcar teve sucesso NESTA conversa; ' +
        '"nao_e_possivel" quando o pedido não pode ser atendido (serviço que não existe, data além do prazo, nenhum horário livre no período pedido); ' +
        '"nada" em todos os outros casos (perguntas, ofertas, horários livres, informações).',
    ),
  agendamento_id: z
    .number()
    .int()
    .positive()
    .max(2_147_483_647)
    .optional()
    .describe('O agendamento_id devolvido pela ferramenta, quando afirma é agendou, cancelou ou remarcou.'),
});

/** The declaration's field and its "cannot be met" value, named once for the prompt's rules. */
const CLAIMS_FIELD = 'afirma' satisfies keyof typeof finalAnswerInput.shape;
const NOT_POSSIBLE = 'nao_e_possivel' satisfies (typeof AFIRMA)[number];

/**
 * The model's way to give its final answer with a declaration of what it claims. Only a
 * lone call ends the run (see readFinalAnswer); the handler answers a call made together
 * with other tools, which cannot be final since their results are not known yet.
 */
export const finalAnswerTool = defineTool({
  name: FINAL_ANSWER_TOOL_NAME,
  // Changes nothing: a lone valid call is read by nextStep as the final answer, never run.
  effect: 'read',
  description:
    'Envia a resposta final ao cliente e declara o que ela afirma. Use sempre para responder, sozinha, depois de ter os resultados das outras ferramentas. ' +
    'O sistema confere a declaração com as ferramentas que tiveram sucesso; o comprovante de agendamento, cancelamento ou remarcação é enviado automaticamente.',
  promptHint: (name) =>
    `Responda ao cliente sempre com ${name}, sozinha, declarando em "${CLAIMS_FIELD}" o que a resposta afirma. Uma resposta que afirma algo que nenhuma ferramenta confirmou não é enviada. ` +
    `Se o pedido não puder ser atendido (serviço que não existe, data além do prazo, nenhum horário livre no período), explique isso com clareza e ofereça uma alternativa, com ${CLAIMS_FIELD} "${NOT_POSSIBLE}".`,
  input: finalAnswerInput,
  async handler() {
    throw new ToolDomainException(
      `${FINAL_ANSWER_TOOL_NAME} não foi enviada: chame-a sozinha, na resposta seguinte, depois de ver os resultados das outras ferramentas.`,
      'final_answer_with_other_tools',
    );
  },
});

const DECLARATIONS: Record<(typeof AFIRMA)[number], AnswerDeclaration['claims']> = {
  nada: 'nothing',
  agendou: 'booked',
  cancelou: 'cancelled',
  remarcou: 'rescheduled',
  nao_e_possivel: 'not_possible',
};

export interface FinalAnswer {
  text: string;
  declaration: AnswerDeclaration;
  toolUseId: string;
}

/**
 * The final answer a response gives through `responder_cliente`: only when it is the
 * response's one tool call and its input is valid. Anything else (no call, a call among
 * others, a bad input) is null and goes through the tools as usual, where it gets its
 * error result.
 */
export function readFinalAnswer(toolUses: readonly ToolUseBlock[]): FinalAnswer | null {
  const [only, ...others] = toolUses;
  if (!only || others.length > 0 || only.name !== FINAL_ANSWER_TOOL_NAME) return null;
  const parsed = finalAnswerInput.safeParse(only.input);
  if (!parsed.success) return null;
  const claims = DECLARATIONS[parsed.data.afirma];
  const declaration: AnswerDeclaration =
    claims === 'nothing' || claims === 'not_possible'
      ? { claims }
      : { claims, ...(parsed.data.agendamento_id ? { appointmentId: parsed.data.agendamento_id } : {}) };
  return { text: parsed.data.texto, declaration, toolUseId: only.id };
}
