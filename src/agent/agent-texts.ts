/**
 * Every fixed pt-BR text the loop itself writes, for the customer or for the model, in one
 * place so the wording can be reviewed (and changed) without reading the loop.
 */
export const customerTexts = {
  llmUnavailable:
    'Desculpe, estou com uma instabilidade no momento e não consegui responder. Já passei sua conversa para a nossa equipe, e uma atendente vai continuar com você em breve.',
  processingFailed:
    'Desculpe, tive um problema ao processar sua mensagem. Já passei sua conversa para a nossa equipe, e uma atendente vai continuar com você em breve.',
  refusal: 'Desculpe, não posso ajudar com isso por aqui. Vou passar sua conversa para uma atendente da nossa equipe.',
  toolUseTruncated:
    'Desculpe, não consegui concluir o seu pedido agora. Vou passar sua conversa para uma atendente, que continua com você em breve.',
  unknownStopReason: 'Desculpe, não consegui concluir sua resposta. Uma atendente da nossa equipe vai continuar com você em breve.',
  budgetExhausted:
    'Desculpe a demora! Para não te deixar esperando, vou passar sua conversa para uma atendente da nossa equipe, que continua com você em breve.',
  transferGoodbye: 'Certo! Vou passar sua conversa para uma atendente da nossa equipe, que continua com você em breve.',
} as const;

/** Notes to the model, sent in user turns (tool results) or as an extra system block. */
export const modelTexts = {
  forcedFinalAnswer:
    'AVISO DO SISTEMA: o limite de processamento desta conversa foi atingido e nenhuma ferramenta pode mais ser chamada. Responda agora ao cliente, em uma mensagem curta, somente com o que já foi confirmado pelas ferramentas nesta conversa. Não prometa nem confirme nada que não tenha sido confirmado. Diga que uma atendente da equipe vai continuar o atendimento em breve.',
  transferGoodbye:
    'AVISO DO SISTEMA: a conversa foi transferida para uma atendente humana. Nenhuma ferramenta pode mais ser chamada. Despeça-se do cliente em uma ou duas frases, dizendo que uma atendente vai continuar o atendimento em breve.',
  unverifiedSuccess:
    'AVISO DO SISTEMA: sua última resposta NÃO foi enviada ao cliente. Ela diz que algo foi agendado, cancelado ou remarcado, mas nenhuma chamada de agendar, cancelar ou remarcar teve sucesso nesta conversa. Nunca afirme isso sem a confirmação da ferramenta: chame a ferramenta adequada (depois de confirmar com o cliente) ou reescreva a resposta sem afirmar o que não aconteceu.',
  unverifiedWaitlist:
    'AVISO DO SISTEMA: sua última resposta NÃO foi enviada ao cliente. Ela diz que o cliente está ou entrou na lista de espera, mas nenhuma entrada na lista de espera teve sucesso nesta conversa e ele não tem nenhuma para esse dia. Chame a ferramenta da lista de espera (depois de confirmar com o cliente o serviço e o dia) ou reescreva a resposta sem afirmar o que não aconteceu.',
  unverifiedPayment:
    'AVISO DO SISTEMA: sua última resposta NÃO foi enviada ao cliente. Ela diz que um pagamento (Pix, sinal) foi recebido, mas nenhum sinal desse agendamento consta como pago: o pagamento só é confirmado pelo Mercado Pago, nunca pela conversa, e um agendamento feito agora ainda não tem sinal pago. Reescreva a resposta sem afirmar que o pagamento foi recebido; se o cliente diz que pagou, diga que a confirmação chega automaticamente assim que o pagamento for identificado.',
  declaredWithoutWrite:
    'AVISO DO SISTEMA: sua resposta NÃO foi enviada ao cliente. Você declarou em "afirma" que agendou, cancelou ou remarcou, mas nenhuma chamada dessa ferramenta (com esse agendamento_id) teve sucesso nesta conversa. Chame a ferramenta adequada (depois de confirmar com o cliente) ou responda com afirma "nada" sem afirmar o que não aconteceu.',
  statedTimeDiffers: (sentence: string) =>
    `AVISO DO SISTEMA: sua resposta NÃO foi enviada ao cliente. O trecho "${sentence}" cita um dia ou horário diferente do que a ferramenta confirmou. Use exatamente o dia e o horário do resultado da ferramenta.`,
  transferAccepted:
    'Transferência registrada: uma atendente humana vai assumir a conversa. Não chame mais ferramentas; apenas despeça-se do cliente.',
  emptyAnswer: 'AVISO DO SISTEMA: sua resposta veio vazia e não foi enviada. Responda agora ao cliente.',
  interruptedToolCall:
    'Esta chamada foi interrompida antes de terminar e não tem resultado. Não tente de novo sem verificar o estado atual.',
  missingToolResult: 'O resultado desta chamada não está mais guardado. Consulte de novo se precisar dele.',
} as const;

/** Tool failure messages by class (the model reads them; none carries an exception's own text). */
export const toolErrorTexts = {
  unknownTool: (name: string, available: string[]) =>
    `A ferramenta "${name}" não existe. Ferramentas disponíveis: ${available.join(', ')}.`,
  invalidInput: (name: string, problems: string[]) => `Entrada inválida para "${name}": ${problems.join('; ')}. Corrija e chame de novo.`,
  infrastructure: (name: string) =>
    `O serviço de "${name}" está indisponível no momento. Não tente de novo agora: diga ao cliente que não foi possível concluir e ofereça chamar uma atendente.`,
  internal: (name: string) =>
    `Erro interno ao executar "${name}". Não tente de novo: diga ao cliente que não foi possível concluir e ofereça chamar uma atendente.`,
  repeated: (name: string) =>
    `Você já chamou "${name}" duas vezes com exatamente esta entrada nesta conversa; o resultado não vai mudar. Não repita a chamada: use o resultado anterior ou siga outro caminho.`,
} as const;
