/**
 * A refusal written for the model: short pt-BR text with the fact and the next step
 * ("Esse horário acabou de ser ocupado. Livres mais próximos: ..."). The agent loop sends
 * `message` verbatim as an `is_error` tool result; nothing else from an exception ever is.
 */
export class ToolDomainException extends Error {
  constructor(
    message: string,
    readonly code = 'domain_error',
  ) {
    super(message);
    this.name = 'ToolDomainException';
  }
}
