export { createRunTracing, type RunTracing } from './create-run-tracing.js';
export { recordRunSpan, traceRun } from './record-run-span.js';
export { watchEventLoop } from './watch-event-loop.js';
