import { HttpResponse, http } from 'msw';
import { mswServer } from '../support/msw.js';
import { GRAPH_ERRORS, META_ERRORS, readAnswerJson, sendAcceptedJson } from './graph-api-responses.js';
import { readBody, sendJson, startLoopbackServer } from './loopback-server.js';

export { META_ERRORS, metaErrorBody } from './graph-api-responses.js';

/** Base URL the msw fake answers on (never resolved: msw intercepts every request to it). */
export const FAKE_GRAPH_URL = 'https://graph.facebook.test';

export interface GraphRequest {
  version: string;
  phoneNumberId: string;
  authorization: string | null;
  body: Record<string, unknown>;
  /** 'send' for messages, 'read' for mark-as-read (with typing indicator) */
  kind: 'send' | 'read';
  /** the status the fake answered */
  answeredStatus: number;
}

/**
 * The WhatsApp Cloud API as seen by our client: records every request and answers sends with
 * scripted statuses (`script(500, 500, 200)`), then 200 with a fresh wamid. Mark-as-read
 * requests answer `{"success": true}` and do not consume the script.
 */
export class GraphApiFake {
  readonly requests: GraphRequest[] = [];
  /** Customers' media the fake holds, by media id (`addMedia`), and who fetched them. */
  private readonly media = new Map<string, { bytes: Uint8Array; mimeType: string } | 'expired'>();
  readonly mediaRequests: { path: string; authorization: string | null }[] = [];
  /** Files uploaded with `POST /{version}/{phone-number-id}/media`, as Meta received them. */
  readonly uploads: {
    phoneNumberId: string;
    authorization: string | null;
    messagingProduct: unknown;
    type: unknown;
    filename: string | null;
    bytes: Uint8Array;
    mediaId: string;
  }[] = [];
  private uploadRefusals = 0;
  private scripted: (number | { status: number; body: unknown })[] = [];

  /** Statuses (or a status with Meta's error body) for the next sends, in order; afterwards every send succeeds. */
  script(...statuses: (number | { status: number; body: unknown })[]): this {
    this.scripted.push(...statuses);
    return this;
  }

  sends(): GraphRequest[] {
    return this.requests.filter((request) => request.kind === 'send');
  }

  /** Texts (or interactive bodies) of the sends Meta accepted, in order. */
  acceptedTexts(): string[] {
    return this.sends()
      .filter((request) => request.answeredStatus === 200)
      .map((request) => {
        const body = request.body as { text?: { body: string }; interactive?: { body: { text: string } } };
        return body.text?.body ?? body.interactive?.body.text ?? '';
      });
  }

  handle(version: string, phoneNumberId: string, authorization: string | null, body: Record<string, unknown>) {
    const kind = body.status === 'read' ? 'read' : 'send';
    const next = kind === 'read' ? 200 : (this.scripted.shift() ?? 200);
    const status = typeof next === 'number' ? next : next.status;
    this.requests.push({ version, phoneNumberId, authorization, body, kind, answeredStatus: status });
    if (kind === 'read') return { status, json: readAnswerJson() };
    if (typeof next !== 'number') return { status, json: next.body };
    if (status === 200 && body.to === undefined && body.recipient === undefined) {
      return { status: 400, json: GRAPH_ERRORS.missingRecipient() };
    }
    if (status === 200) return { status, json: sendAcceptedJson(body.to !== undefined ? { to: body.to } : { recipient: body.recipient }) };
    return { status, json: META_ERRORS[status as keyof typeof META_ERRORS] ?? META_ERRORS[500] };
  }

  /** A customer's media Meta holds under `id`: its lookup (`GET /{version}/{id}`) and download, both with the bearer token. */
  addMedia(id: string, bytes: Uint8Array, mimeType: string): this {
    this.media.set(id, { bytes, mimeType });
    return this;
  }

  /** The next `count` uploads are refused as Meta refuses a file it cannot take (400, code 131053). */
  refuseUploads(count = 1): this {
    this.uploadRefusals += count;
    return this;
  }

  /** A media id Meta no longer has (media expire 30 days after upload): its lookup answers Meta's error. */
  expireMedia(id: string): this {
    this.media.set(id, 'expired');
    return this;
  }

  /** Installs the fake on this test file's msw server (call in each test or beforeEach: handlers reset after each test). */
  install(baseUrl = FAKE_GRAPH_URL): this {
    mswServer.use(
      // Media upload as Meta answers it: multipart messaging_product, type and file → {"id"}.
      http.post(`${baseUrl}/:version/:phoneNumberId/media`, async ({ request, params }) => {
        const form = await request.formData();
        const file = form.get('file');
        if (this.uploadRefusals > 0 || !(file instanceof File)) {
          this.uploadRefusals = Math.max(0, this.uploadRefusals - 1);
          return HttpResponse.json(
            { error: { message: '(#131053) Media upload error', type: 'OAuthException', code: 131053, fbtrace_id: 'AbCdEf' } },
            { status: 400 },
          );
        }
        const mediaId = String(8_000_000_000 + this.uploads.length + 1);
        this.uploads.push({
          phoneNumberId: String(params.phoneNumberId),
          authorization: request.headers.get('authorization'),
          messagingProduct: form.get('messaging_product'),
          type: form.get('type'),
          filename: file.name,
          bytes: new Uint8Array(await file.arrayBuffer()),
          mediaId,
        });
        return HttpResponse.json({ id: mediaId });
      }),
      // The download first: its path would also match the lookup's.
      http.get(`${baseUrl}/media-files/:mediaId`, ({ request, params }) => {
        const held = this.media.get(String(params.mediaId));
        this.mediaRequests.push({ path: new URL(request.url).pathname, authorization: request.headers.get('authorization') });
        if (!held || held === 'expired' || !request.headers.get('authorization')) return new HttpResponse(null, { status: 404 });
        return new HttpResponse(held.bytes, { status: 200, headers: { 'content-type': held.mimeType } });
      }),
      // Media lookup as Meta answers it: a short-lived URL, the type and size. Ids the fake does not hold fall through.
      http.get(`${baseUrl}/:version/:mediaId`, ({ request, params }) => {
        const held = this.media.get(String(params.mediaId));
        if (!held) return undefined;
        this.mediaRequests.push({ path: new URL(request.url).pathname, authorization: request.headers.get('authorization') });
        if (!request.headers.get('authorization')) return HttpResponse.json(GRAPH_ERRORS.unknownPath(request.url), { status: 401 });
        if (held === 'expired') return HttpResponse.json(GRAPH_ERRORS.unknownPath(request.url), { status: 400 });
        return HttpResponse.json({
          messaging_product: 'whatsapp',
          url: `${baseUrl}/media-files/${String(params.mediaId)}?ext=${Date.now()}`,
          mime_type: held.mimeType,
          sha256: 'fake',
          file_size: held.bytes.byteLength,
          id: String(params.mediaId),
        });
      }),
      http.post(`${baseUrl}/:version/:phoneNumberId/messages`, async ({ request, params }) => {
        const body = (await request.json()) as Record<string, unknown>;
        const answer = this.handle(String(params.version), String(params.phoneNumberId), request.headers.get('authorization'), body);
        return HttpResponse.json(answer.json as Record<string, unknown>, { status: answer.status });
      }),
    );
    return this;
  }

  /**
   * Serves the fake on a loopback port instead (for a worker in a child process, which msw
   * cannot reach). Returns its base URL and a close function.
   */
  async listen(): Promise<{ url: string; close(): Promise<void> }> {
    return startLoopbackServer(async (request, response) => {
      const raw = await readBody(request);
      const match = /^\/([^/]+)\/([^/]+)\/messages$/.exec(request.url ?? '');
      if (request.method !== 'POST' || !match) {
        sendJson(response, 404, GRAPH_ERRORS.unknownPath(request.url));
        return;
      }
      const answer = this.handle(match[1]!, match[2]!, request.headers.authorization ?? null, JSON.parse(raw) as Record<string, unknown>);
      sendJson(response, answer.status, answer.json);
    });
  }
}
