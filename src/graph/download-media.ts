import { type Keyring, plainOnlyKeyring } from '../credentials/index.js';
import type { GraphTarget } from './graph-api-client.js';

/** Meta's media ids are digits; letters, `_` and `-` are allowed in case the format widens, nothing else. */
const MEDIA_ID = /^[A-Za-z0-9_-]{1,128}$/;

export type MediaDownload =
  | { kind: 'downloaded'; bytes: Uint8Array; mimeType: string }
  | { kind: 'too_large'; size: number }
  | { kind: 'failed'; reason: string };

/**
 * Downloads a customer's media (e.g. a voice note) from the Graph API: the media id gives a
 * short-lived URL (`GET /{version}/{media-id}`), which itself needs the tenant's token. Media
 * over `maxBytes` (by Meta's `file_size`, and while reading) is refused without being kept.
 * Never throws: a failure is a value, so the caller can fall back. The token is never logged;
 * a sealed token (stored encrypted) is opened with `credentials`, as the Graph API client does.
 */
export async function downloadMedia(
  options: { baseUrl: string; version: string; timeoutMs: number; credentials?: Keyring },
  target: GraphTarget,
  mediaId: string,
  maxBytes: number,
): Promise<MediaDownload> {
  // The id becomes a path segment next to the token: `..`, a slash or anything but Meta's id
  // characters would send the token to another Graph path (`/v23.0/..` is the Graph root).
  if (!MEDIA_ID.test(mediaId)) return { kind: 'failed', reason: 'invalid media id' };
  try {
    const headers = { authorization: `Bearer ${(options.credentials ?? plainOnlyKeyring).open(target.accessToken)}` };
    const infoResponse = await fetch(`${options.baseUrl.replace(/\/+$/, '')}/${options.version}/${encodeURIComponent(mediaId)}`, {
      headers,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (!infoResponse.ok) {
      await infoResponse.text().catch(() => undefined);
      return { kind: 'failed', reason: `media lookup answered ${infoResponse.status}` };
    }
    const info = (await infoResponse.json()) as { url?: unknown; mime_type?: unknown; file_size?: unknown };
    if (typeof info.url !== 'string') return { kind: 'failed', reason: 'media lookup without a url' };
    const declared = Number(info.file_size);
    if (Number.isFinite(declared) && declared > maxBytes) return { kind: 'too_large', size: declared };
    const mediaResponse = await fetch(info.url, { headers, signal: AbortSignal.timeout(options.timeoutMs) });
    if (!mediaResponse.ok || !mediaResponse.body) {
      await mediaResponse.text().catch(() => undefined);
      return { kind: 'failed', reason: `media download answered ${mediaResponse.status}` };
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of mediaResponse.body) {
      size += chunk.byteLength;
      if (size > maxBytes) {
        await mediaResponse.body.cancel().catch(() => undefined);
        return { kind: 'too_large', size };
      }
      chunks.push(chunk);
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    const mimeType = typeof info.mime_type === 'string' ? info.mime_type : (mediaResponse.headers.get('content-type') ?? 'audio/ogg');
    return { kind: 'downloaded', bytes, mimeType };
  } catch (error) {
    return { kind: 'failed', reason: error instanceof Error ? error.name : 'download error' };
  }
}
