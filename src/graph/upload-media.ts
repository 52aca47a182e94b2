import { type Keyring, plainOnlyKeyring } from '../credentials/index.js';
import type { GraphTarget } from './graph-api-client.js';

export type MediaUpload = { kind: 'uploaded'; mediaId: string } | { kind: 'failed'; status: number | null; reason: string };

/**
 * Uploads a file to the Graph API for the tenant's number (`POST /{version}/{phone-number-id}/media`,
 * multipart `messaging_product=whatsapp`, `type`, `file`), giving the media id a message then
 * names. Never throws: a failure (Meta's refusal, a timeout) is a value. The token is never logged.
 */
export async function uploadMedia(
  options: { baseUrl: string; version: string; timeoutMs: number; credentials?: Keyring },
  target: GraphTarget,
  file: { bytes: Uint8Array; mimeType: string; filename: string },
): Promise<MediaUpload> {
  const form = new FormData();
  form.set('messaging_product', 'whatsapp');
  form.set('type', file.mimeType);
  form.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.mimeType }), file.filename);
  try {
    const response = await fetch(
      `${options.baseUrl.replace(/\/+$/, '')}/${options.version}/${encodeURIComponent(target.phoneNumberId)}/media`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${(options.credentials ?? plainOnlyKeyring).open(target.accessToken)}` },
        body: form,
        signal: AbortSignal.timeout(options.timeoutMs),
      },
    );
    const body = (await response.json().catch(() => null)) as { id?: unknown; error?: { message?: unknown } } | null;
    if (!response.ok || typeof body?.id !== 'string') {
      const reason = typeof body?.error?.message === 'string' ? body.error.message : `upload answered ${response.status}`;
      return { kind: 'failed', status: response.status, reason };
    }
    return { kind: 'uploaded', mediaId: body.id };
  } catch (error) {
    return { kind: 'failed', status: null, reason: error instanceof Error ? error.name : 'upload error' };
  }
}
