import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { HttpResponse, http } from 'msw';
import { mswServer } from '../support/msw.js';

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

/** Meta's error body for a refused send with this code, as the Cloud API returns it (`(#code) message` and its details). */
export const metaErrorBody = (code: number, message: string, details: string, fbtraceId = 'AbC123xyz') => ({
  error: {
    message: `(#${code}) ${message}`,
    type: 'OAuthException',
    code,
    error_data: { messaging_product: 'whatsapp', details },
    fbtrace_id: fbtraceId,
  },
});

/** Meta's error bodies, as the Cloud API returns them. */
export const META_ERRORS = {
  400: {
    error: {
      message: '(#131030) Recipient phone number not in allowed list',
      type: 'OAuthException',
      code: 131030,
      error_data: {
        messaging_product: 'whatsapp',
        details: 'Recipient phone number not in allowed list: Add recipient phone number to recipient list and try again.',
      },
      fbtrace_id: 'AQ2fZb1y7sI0xmQdTn4o3Zk',
    },
  },
  429: {
    error: {
      message: '(#130429) Rate limit hit',
      type: 'OAuthException',
      code: 130429,
      error_data: { messaging_product: 'whatsapp', details: 'Cloud API message throughput has been reached.' },
      fbtrace_id: 'A7m1',
    },
  },
  500: { error: { message: 'An unknown error has occurred.', type: 'OAuthException', code: 1, is_transient: true, fbtrace_id: 'AwZk9q' } },
  503: { error: { message: 'Service temporarily unavailable', type: 'OAuthException', code: 2, is_transient: true, fbtrace_id: 'Bx1' } },
} as const;

/**
 * The WhatsApp Cloud API as seen by our client: records every request and answers sends with
 * scripted statuses (`script(500, 500, 200)`), then 200 with a fresh wamid. Mark-as-read
 * requests answer `{"success": true}` and do not consume the script.
 */
export class GraphApiFake {
  readonly requests: GraphRequest[] = [];
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
    if (kind === 'read') return { status, json: { success: true } };
    if (typeof next !== 'number') return { status, json: next.body };
    if (status === 200 && body.to === undefined && body.recipient === undefined) {
      return { status: 400, json: { error: { message: '(#100) The parameter to is required.', type: 'OAuthException', code: 100 } } };
    }
    if (status === 200) {
      return {
        status,
        json: {
          messaging_product: 'whatsapp',
          // a send to a business-scoped user id answers with its user_id, a send to a phone with its wa_id
          contacts: [body.to !== undefined ? { input: body.to, wa_id: body.to } : { input: body.recipient, user_id: body.recipient }],
          messages: [{ id: `wamid.HBgN${randomBytes(18).toString('base64url')}`, message_status: 'accepted' }],
        },
      };
    }
    return { status, json: META_ERRORS[status as keyof typeof META_ERRORS] ?? META_ERRORS[500] };
  }

  /** Installs the fake on this test file's msw server (call in each test or beforeEach: handlers reset after each test). */
  install(baseUrl = FAKE_GRAPH_URL): this {
    mswServer.use(
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
    const server: Server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const match = /^\/([^/]+)\/([^/]+)\/messages$/.exec(request.url ?? '');
        if (request.method !== 'POST' || !match) {
          response.writeHead(404).end();
          return;
        }
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        const answer = this.handle(match[1]!, match[2]!, request.headers.authorization ?? null, body);
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return {
      url: `http://127.0.0.1:${port}`,
      close: () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    };
  }
}
