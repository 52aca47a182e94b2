import { type Tracer, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';

/** Where run spans go, and how to flush them at shutdown. */
export interface RunTracing {
  tracer: Tracer;
  /**
   * false for the no-op tracer: a run's span would be dropped, so callers skip building it
   * (its attributes are a read of the run row and its tool calls, per run)
   */
  recording: boolean;
  shutdown(): Promise<void>;
}

/**
 * The tracer for run spans. With `OTEL_EXPORTER_OTLP_ENDPOINT` set, spans are batched and
 * exported over OTLP/HTTP to `<endpoint>/v1/traces` under `service.name`; without it, the
 * API's no-op tracer (nothing recorded, nothing sent). Tests pass their own span processor
 * (an in-memory exporter). The provider is not registered globally: only run spans use it.
 */
export function createRunTracing(options: { endpoint?: string; serviceName: string; spanProcessor?: SpanProcessor }): RunTracing {
  const processor =
    options.spanProcessor ??
    (options.endpoint
      ? new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/$/, '')}/v1/traces` }) })
      : undefined);
  if (!processor) return { tracer: trace.getTracer('wa-agenda-noop'), recording: false, shutdown: async () => undefined };
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [processor],
  });
  return { tracer: provider.getTracer('wa-agenda'), recording: true, shutdown: () => provider.shutdown() };
}
