export { AppError, isAppError } from './app-error.js';
export { type Clock, fixedClock, systemClock } from './clock.js';
export { createLogger, type Logger, silentLogger } from './logger.js';
export type { OutboundReply } from './outbound-reply.js';
export { OWNER_APP_ATTENDANT } from './owner-app-attendant.js';
export { defineTool, type ToolCallContext, type ToolDefinition } from './tool-definition.js';
export { ToolDomainException } from './tool-domain-exception.js';
