import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  close(): Promise<void>;
}

/**
 * Starts an HTTP server on 127.0.0.1 with a free port. Used for the soak's fakes of Meta
 * and Anthropic: they must serve several child processes, so an in-process msw will not do.
 */
export async function startLoopbackServer(
  handler: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
): Promise<LoopbackServer> {
  const server: Server = createServer((request, response) => {
    handler(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: { message: String(error) } });
      else response.destroy();
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('loopback server has no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  response.end(text);
}
