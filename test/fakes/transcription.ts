import { HttpResponse, http } from 'msw';
import { mswServer } from '../support/msw.js';
import { FAKE_GRAPH_URL } from './graph-api.js';

export const FAKE_TRANSCRIPTION_URL = 'https://transcription.test/v1';

export interface TranscriptionRequest {
  authorization: string | null;
  fields: Record<string, string>;
  file: { name: string; type: string; size: number; bytes: Uint8Array } | null;
}

/**
 * An OpenAI-compatible `/audio/transcriptions` endpoint: it parses the real multipart body
 * (undici's FormData parser), records it, and answers `verbose_json` (text, language, duration)
 * with the scripted transcript, or the scripted failure status. Also serves the Graph API's
 * media lookup (`GET /{version}/{media-id}` → URL) and download (bearer token required).
 */
export class TranscriptionFake {
  readonly requests: TranscriptionRequest[] = [];
  readonly mediaRequests: { path: string; authorization: string | null }[] = [];
  constructor(private readonly answer: { text?: string; durationSeconds?: number; failWith?: number } = {}) {}

  install(audio = new Uint8Array([0x4f, 0x67, 0x67, 0x53, 1, 2, 3, 4])): this {
    mswServer.use(
      http.get(`${FAKE_GRAPH_URL}/media-download/:mediaId/audio`, ({ request }) => {
        this.mediaRequests.push({ path: new URL(request.url).pathname, authorization: request.headers.get('authorization') });
        if (!request.headers.get('authorization')?.startsWith('Bearer ')) return new HttpResponse(null, { status: 401 });
        return new HttpResponse(audio, { headers: { 'content-type': 'audio/ogg' } });
      }),
      http.get(`${FAKE_GRAPH_URL}/:version/:mediaId`, ({ request, params }) => {
        this.mediaRequests.push({ path: new URL(request.url).pathname, authorization: request.headers.get('authorization') });
        return HttpResponse.json({
          messaging_product: 'whatsapp',
          url: `${FAKE_GRAPH_URL}/media-download/${String(params.mediaId)}/audio?ext=1`,
          mime_type: 'audio/ogg; codecs=opus',
          sha256: 'y5Vp9YFbLh3n6Kq3Kq5XcI7jcvcWPg/eyDPoBwyKkMs=',
          file_size: audio.byteLength,
          id: String(params.mediaId),
        });
      }),
      http.post(`${FAKE_TRANSCRIPTION_URL}/audio/transcriptions`, async ({ request }) => {
        const form = await request.formData();
        const fields: Record<string, string> = {};
        let file: TranscriptionRequest['file'] = null;
        for (const [key, value] of form.entries()) {
          if (typeof value === 'string') fields[key] = value;
          else file = { name: value.name, type: value.type, size: value.size, bytes: new Uint8Array(await value.arrayBuffer()) };
        }
        this.requests.push({ authorization: request.headers.get('authorization'), fields, file });
        if (this.answer.failWith)
          return HttpResponse.json({ error: { message: 'upstream failure', type: 'server_error' } }, { status: this.answer.failWith });
        return HttpResponse.json({
          task: 'transcribe',
          language: 'portuguese',
          duration: this.answer.durationSeconds ?? 3.4,
          text: this.answer.text ?? '',
        });
      }),
    );
    return this;
  }
}
