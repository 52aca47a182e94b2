import { signPayload } from '../../src/whatsapp/index.js';

/**
 * Posts a signed webhook as Meta does (the soak's customers' messages, the loopback Graph's
 * status updates); resolves with the HTTP status (0 when the connection failed).
 */
export async function postWebhook(baseUrl: string, payload: unknown, appSecret: string): Promise<number> {
  const raw = JSON.stringify(payload);
  try {
    const response = await fetch(`${baseUrl}/webhooks/whatsapp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signPayload(raw, appSecret) },
      body: raw,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}
