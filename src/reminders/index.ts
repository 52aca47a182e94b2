export { actOnReminderTap, type ReminderTapDeps, type ReminderTapOutcome } from './act-on-reminder-tap.js';
export { type ReminderRemovalReason, removeAppointmentReminders, scheduleAppointmentReminders } from './appointment-reminders.js';
export {
  buildReminderMessage,
  type ReminderFacts,
  type ReminderVisitItem,
  reminderBodyParameters,
  UNNAMED_CUSTOMER,
} from './build-reminder-message.js';
export {
  decideReminderSend,
  LATE_CUTOFF_MAX_MS,
  LATE_CUTOFF_SHARE,
  lateCutoffMs,
  type ReminderSendDecision,
  type ReminderSendInput,
  type ReminderSkipReason,
} from './decide-reminder-send.js';
export { decideReminderTap, isInsideCancelNotice, type ReminderTapDecision } from './decide-reminder-tap.js';
export { formatReminderStats } from './format-reminder-stats.js';
export { loadReminderTapFacts, type ReminderTapFacts } from './load-reminder-tap.js';
export { type PlannedReminder, planReminders, reminderJobKey } from './plan-reminders.js';
export { recordReminderAnswer } from './record-reminder-answer.js';
export { remindOnAppointmentChanged } from './remind-on-appointment-changed.js';
export { answerOfAction, type ReminderAnswer, type ReminderAnswerWrite } from './reminder-answer.js';
export {
  isReminderPayloadToken,
  parseReminderButtonPayload,
  REMINDER_ACTIONS,
  REMINDER_PAYLOAD_TOKEN_PATTERN,
  type ReminderAction,
  reminderButtonPayload,
  reminderButtonPayloads,
} from './reminder-payload.js';
export {
  findRepliedReminders,
  type ReminderAppointment,
  type ReminderReference,
  type ReminderVisit,
  reminderAppointmentOf,
} from './reminder-reference.js';
export { type AttendanceFigures, computeReminderStats, type ReminderStats } from './reminder-stats.js';
export { reminderTapOf } from './reminder-tap-of.js';
export { noticeDuration, reminderTexts } from './reminder-texts.js';
export { type SendReminderDeps, type SendReminderOutcome, sendReminder } from './send-reminder.js';
export { type RecordedReminderFailure, recordReminderFailure, settleUndeliveredMessage } from './settle-undelivered-message.js';
export { sourceOfCustomerMove } from './source-of-customer-move.js';
export { META_TEMPLATE_ERRORS, templateErrorMeaning } from './template-errors.js';
