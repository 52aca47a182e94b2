/** One problem of a refused request: the field (`body.customer.phone`) and what is wrong with it. */
export interface ApiErrorDetail {
  path: string;
  message: string;
}

/** An error answer of the service: `{"error": {"code", "message", "details"?}}` with its HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ApiErrorDetail[] = [],
    /** the whole answer, for refusals that carry more (a professional's appointments still ahead) */
    readonly body: unknown = null,
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
export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
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
  const data = (await response.json().catch(() => null)) as {
    error?: { code: string; message: string; details?: ApiErrorDetail[] };
  } | null;
  if (!response.ok) {
    const code = data?.error?.code ?? 'error';
    if (response.status === 401 && !path.endsWith('/console/api/session')) onUnauthorized();
    throw new ApiError(response.status, code, data?.error?.message ?? `Erro ${response.status}`, data?.error?.details ?? [], data);
  }
  return data as T;
}

/** Same-origin multipart POST (a file) with the session cookie and CSRF token; throws ApiError like `api`. */
export async function apiUpload<T>(path: string, form: FormData): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { accept: 'application/json', 'x-csrf-token': csrfToken },
      credentials: 'same-origin',
      body: form,
    });
  } catch {
    throw new ApiError(0, 'network', 'Sem conexão com o servidor. Tente de novo.');
  }
  const data = (await response.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
  if (!response.ok) {
    if (response.status === 401) onUnauthorized();
    throw new ApiError(response.status, data?.error?.code ?? 'error', data?.error?.message ?? `Erro ${response.status}`);
  }
  return data as T;
}

/** Codes whose message the service writes in pt-BR for the person (the console's own API, the agenda's refusals). */
const PT_BR_CODES = new Set([
  'invalid_credentials',
  'sign_in_throttled',
  'wrong_password',
  'weak_password',
  'forbidden',
  'slot_taken',
  'time_off',
  'resource_taken',
  'outside_working_hours',
  'not_started',
  'appointment_started',
  'appointment_cancelled',
  'invalid_start',
  'start_past',
  'date_past',
  'holiday',
  'no_working_hours',
  'service_not_offered',
  'invalid_block',
  'block_past',
  'notice',
  'last_service',
  'last_professional',
  'has_future_appointments',
  'resource_in_use',
]);

/**
 * The pt-BR problem of each field of a refused request, keyed by the field's path without its
 * part (`customer.phone`, `start`); a scheduling refusal about the time is put at `start`.
 */
export function fieldErrors(error: unknown): Map<string, string> {
  const fields = new Map<string, string>();
  if (!(error instanceof ApiError)) return fields;
  for (const detail of error.details) fields.set(detail.path.replace(/^(body|query|params)\./, ''), detail.message);
  return fields;
}

/** pt-BR text for an error shown to the person. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 404) return 'Não encontrado.';
    if (error.code === 'outside_customer_window') return 'Fora da janela de 24 horas: o WhatsApp não permite mensagem livre agora.';
    if (error.code === 'already_claimed') return 'Outra pessoa já assumiu esta conversa.';
    if (error.code === 'email_taken') return 'Este e-mail já tem uma conta no console.';
    if (['staff_disabled', 'handoff_open', 'media_upload_failed', 'media_unavailable'].includes(error.code)) return error.message;
    if (error.code === 'invalid_request' && error.details.some((detail) => detail.path === 'body.file')) {
      return 'Envie uma imagem JPEG ou PNG (até 5 MB) ou um documento PDF, texto ou Office (até 16 MB).';
    }
    if (error.code === 'last_owner') return 'Esta é a última conta de proprietário ativa: promova outra pessoa antes.';
    if (error.code === 'already_resolved') return 'Esta conversa já foi encerrada.';
    if (error.code === 'csrf_failed') return 'A sessão mudou em outra aba. Recarregue a página.';
    if (error.code === 'rate_limited') return 'Muitas ações seguidas. Aguarde alguns segundos.';
    if (PT_BR_CODES.has(error.code)) return error.message;
    if (error.code === 'invalid_request' && error.details.length > 0) return 'Confira os campos destacados.';
    if (error.code === 'network') return error.message;
    return `Não foi possível concluir (${error.code}).`;
  }
  return 'Algo deu errado. Tente de novo.';
}
