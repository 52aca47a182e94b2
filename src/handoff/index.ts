export { HANDOFF_REASONS, type HandoffReason, isHandoffReason } from './handoff-reasons.js';
export { findOpenHandoff, type OpenHandoff, requestHandoff } from './request-handoff.js';
