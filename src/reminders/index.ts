export { buildReminderMessage, type ReminderFacts, reminderBodyParameters, UNNAMED_CUSTOMER } from './build-reminder-message.js';
export {
  decideReminderSend,
  LATE_CUTOFF_MAX_MS,
  LATE_CUTOFF_SHARE,
  lateCutoffMs,
  type ReminderSendDecision,
  type ReminderSendInput,
  type ReminderSkipReason,
} from './decide-reminder-send.js';
export {
  isReminderPayloadToken,
  parseReminderButtonPayload,
  REMINDER_ACTIONS,
  REMINDER_PAYLOAD_TOKEN_PATTERN,
  type ReminderAction,
  reminderButtonPayload,
  reminderButtonPayloads,
} from './reminder-payload.js';
export { type SendReminderDeps, type SendReminderOutcome, sendReminder } from './send-reminder.js';
export { type RecordedReminderFailure, recordReminderFailure, settleUndeliveredMessage } from './settle-undelivered-message.js';
export { META_TEMPLATE_ERRORS, templateErrorMeaning } from './template-errors.js';
