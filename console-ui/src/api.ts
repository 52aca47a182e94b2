/** An error answer of the service: `{"error": {"code", "message"}}` with its HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

let csrfToken = '';

/** The session's CSRF token, sent on every state change (set after sign-in and on each session read). */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

let onUnauthorized: () => void = () => undefined;

/** What to do when the session ends under us (revoked, expired): back to the sign-in page. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** Same-origin JSON call with the session cookie; throws ApiError on any non-2xx answer. */
export async function api<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, 'network', 'Sem conexão com o servidor. Tente de novo.');
  }
  if (response.status === 204) return undefined as T;
  const data = (await response.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
  if (!response.ok) {
    const code = data?.error?.code ?? 'error';
    if (response.status === 401 && !path.endsWith('/console/api/session')) onUnauthorized();
    throw new ApiError(response.status, code, data?.error?.message ?? `Erro ${response.status}`);
  }
  return data as T;
}

/** Codes whose message the service writes in pt-BR for the person (the console's own API). */
const PT_BR_CODES = new Set(['invalid_credentials', 'sign_in_throttled', 'wrong_password', 'weak_password', 'forbidden']);

/** pt-BR text for an error shown to the person. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 404) return 'Não encontrado.';
    if (error.code === 'outside_customer_window') return 'Fora da janela de 24 horas: o WhatsApp não permite mensagem livre agora.';
    if (error.code === 'already_claimed') return 'Outra pessoa já assumiu esta conversa.';
    if (error.code === 'email_taken') return 'Este e-mail já tem uma conta no console.';
    if (error.code === 'last_owner') return 'Esta é a última conta de proprietário ativa: promova outra pessoa antes.';
    if (error.code === 'already_resolved') return 'Esta conversa já foi encerrada.';
    if (error.code === 'slot_taken') return 'Esse horário acabou de ser ocupado. Escolha outro.';
    if (error.code === 'csrf_failed') return 'A sessão mudou em outra aba. Recarregue a página.';
    if (error.code === 'rate_limited') return 'Muitas ações seguidas. Aguarde alguns segundos.';
    if (PT_BR_CODES.has(error.code)) return error.message;
    return `Não foi possível concluir (${error.code}).`;
  }
  return 'Algo deu errado. Tente de novo.';
}
