/**
 * The closed set of reasons a conversation goes to the human queue. Stored in
 * `handoffs.reason`; each value says when it is used. The README-ready table of these codes
 * is in docs/handoffs-sql.md (keep both in step). Add new codes here only; the stats
 * endpoint reports any stored code, known or not.
 */
export const HANDOFF_REASONS = {
  requested_by_customer: 'the customer (or the model on their behalf, via transferir_para_humano) asked for a person',
  refusal: 'the model refused to answer (stop_reason refusal)',
  tool_use_truncated: 'a tool call was cut off by max_tokens even after a retry with a larger limit',
  unknown_stop_reason: 'the Messages API returned a stop_reason this code does not know',
  iteration_limit: 'the run used all its model calls; a forced final answer was sent',
  token_budget: 'the run used its input-token budget; a forced final answer was sent',
  deadline: 'the run hit its wall-clock deadline; a forced final answer was sent',
  llm_unavailable: 'the Claude API kept failing (429/5xx/529/network) after retries',
  unsupported_message: 'the customer keeps sending content the bot cannot read (audio, images…)',
  processing_failed: 'the conversation job failed repeatedly and gave up',
  delivery_failed: 'WhatsApp finally refused a reply of the bot (after retries, or a failed status webhook): the customer did not get it',
  offline_not_understood: 'the offline assistant did not understand the customer twice',
  complaint:
    'the customer complained, was angry or said it was urgent (read by the offline assistant): a person takes over on that first message',
  message_flood: 'the customer sent more messages in a short time than the inbound rate limit allows: one notice, then a person',
  owner_replied:
    'the owner wrote to the customer from the WhatsApp Business app (coexistence echo): claimed by "WhatsApp app"; the bot is silent until resolved or the tenant\'s quiet period passes',
  reminder_cancel_too_late:
    "the customer tapped Cancelar on a reminder inside the tenant's cancellation notice (cancelNoticeMinutes): told the rule, the appointment stays, a person takes over",
  outside_window:
    "the turn's replies could not be sent: the customer's message reached us after WhatsApp's 24-hour window closed (a late delivery, a webhook outage); nothing was sent, only an approved template reopens the chat",
  staff_takeover:
    'a person took over a chat the bot was handling (console or POST /admin/conversations/:id/takeover): opened already claimed; the bot is silent until it is resolved',
} as const;

export type HandoffReason = keyof typeof HANDOFF_REASONS;

/** What the console shows attendants for each reason, in pt-BR (one per code above). */
export const HANDOFF_REASON_LABELS_PT: Record<HandoffReason, string> = {
  requested_by_customer: 'O cliente pediu para falar com uma pessoa',
  refusal: 'O assistente se recusou a responder',
  tool_use_truncated: 'O assistente não conseguiu concluir uma ação (resposta cortada)',
  unknown_stop_reason: 'O assistente parou por um motivo desconhecido',
  iteration_limit: 'O assistente esgotou as tentativas desta conversa',
  token_budget: 'A conversa ficou longa demais para o assistente',
  deadline: 'O assistente demorou demais para responder',
  llm_unavailable: 'O assistente (Claude) ficou indisponível',
  unsupported_message: 'O cliente enviou conteúdo que o robô não lê (áudio, imagem…)',
  processing_failed: 'Falha ao processar a conversa',
  delivery_failed: 'O WhatsApp recusou uma resposta do robô: o cliente não a recebeu',
  offline_not_understood: 'O assistente offline não entendeu o cliente',
  complaint: 'O cliente fez uma reclamação ou disse que é urgente',
  message_flood: 'O cliente enviou mensagens demais em pouco tempo',
  owner_replied: 'O dono respondeu pelo app WhatsApp Business: o robô fica em silêncio',
  reminder_cancel_too_late: 'O cliente quis cancelar pelo lembrete fora do prazo de cancelamento',
  outside_window:
    'A mensagem chegou depois da janela de 24 horas: o cliente não recebeu resposta; envie um modelo (template) aprovado para reabrir a conversa',
  staff_takeover: 'Uma pessoa da equipe assumiu a conversa: o robô fica em silêncio',
};

/** The pt-BR label of a stored reason code; an unknown code is shown as itself. */
export const handoffReasonLabel = (reason: string): string => (isHandoffReason(reason) ? HANDOFF_REASON_LABELS_PT[reason] : reason);

export const isHandoffReason = (value: string): value is HandoffReason => Object.hasOwn(HANDOFF_REASONS, value);
