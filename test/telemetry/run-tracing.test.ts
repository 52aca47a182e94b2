import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createRunTracing } from '../../src/telemetry/index.js';

describe('run tracing', () => {
  it('when OTEL_EXPORTER_OTLP_ENDPOINT is unset, then spans go nowhere (the no-op tracer records nothing)', async () => {
    const tracing = createRunTracing({ serviceName: 'wa-agenda' });
    const span = tracing.tracer.startSpan('agent.run', { attributes: { exit: 'success' } });
    expect(span.isRecording()).toBe(false);
    // The service then passes no tracer to its turns: no read of each finished run for a span nobody keeps.
    expect(tracing.recording).toBe(false);
    span.end();
    await tracing.shutdown();
  });

  it('when an endpoint is set, then a finished span is exported over OTLP/HTTP to <endpoint>/v1/traces', async () => {
    const received: { path: string | undefined; bytes: number }[] = [];
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ path: request.url, bytes: Buffer.concat(chunks).length });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const tracing = createRunTracing({ endpoint: `http://127.0.0.1:${port}`, serviceName: 'wa-agenda' });
      const span = tracing.tracer.startSpan('agent.run', { attributes: { exit: 'limit', 'stop.reason': 'tool_use' } });
      expect(span.isRecording()).toBe(true);
      expect(tracing.recording).toBe(true);
      span.end();
      await tracing.shutdown();
      expect(received).toHaveLength(1);
      expect(received[0]?.path).toBe('/v1/traces');
      expect(received[0]?.bytes).toBeGreaterThan(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
