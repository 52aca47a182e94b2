import { z } from 'zod';
import { defineTool } from '../shared/index.js';
import { modelTexts } from './agent-texts.js';

export const TRANSFER_TOOL_NAME = 'transferir_para_humano';

/**
 * The agent's own way out: the model calls it when the customer asks for a person or when
 * it is stuck. The handler only acknowledges; the loop sees the call, lets the model say a
 * short goodbye and ends the run as a `requested_by_customer` handoff with `motivo` as note.
 */
export const transferToHumanTool = defineTool({
  name: TRANSFER_TOOL_NAME,
  // The handler changes nothing: the loop sees the call and ends the run as a handoff.
  effect: 'read',
  description:
    'Transfere a conversa para uma atendente humana. Use quando o cliente pedir para falar com uma pessoa, quando ele precisar de algo que as outras ferramentas não fazem, ou quando você não conseguir resolver. Depois dela, apenas despeça-se.',
  promptHint: (name) => `Chame ${name} quando o cliente pedir para falar com uma pessoa, ou quando você não conseguir resolver o pedido.`,
  input: z.object({
    motivo: z.string().trim().min(1).max(500).describe('Por que a conversa vai para uma atendente, em poucas palavras.'),
  }),
  async handler() {
    return { transferido: true, instrucao: modelTexts.transferAccepted };
  },
});
