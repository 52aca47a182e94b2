export { createRunTracing, type RunTracing } from './create-run-tracing.js';
export { recordRunSpan, traceRun } from './record-run-span.js';
