export { createChannelTasks } from './create-channel-tasks.js';
export { createServiceResponderChooser } from './create-service-responder-chooser.js';
export { createDepositTasks, createMercadoPagoWebhook, depositDepsOf } from './deposit-deps.js';
export { type FirstRunSecrets, formatFirstRunSecrets, formatReadyNotice, readyLogFields, type ServiceReady } from './ready-notice.js';
export { schedulingDepsOf, schedulingToolDepsOf } from './scheduling-deps.js';
export type { ServiceDeps } from './service-deps.js';
export { mediaProxyOf, type RunningService, startService } from './start-service.js';
export { stopOnTerminationSignals, TERMINATION_SIGNALS, type TerminationSignal } from './stop-on-signals.js';
