export { actOnReminderTap, type ReminderTapDeps, type ReminderTapOutcome } from './act-on-reminder-tap.js';
export { decideReminderTap, isInsideCancelNotice, type ReminderTapDecision } from './decide-reminder-tap.js';
export { formatReminderStats } from './format-reminder-stats.js';
export { loadReminderTapFacts, type ReminderTapFacts } from './load-reminder-tap.js';
export { answerOfAction, type ReminderAnswer, type ReminderAnswerWrite, recordReminderAnswer } from './reminder-answer.js';
export { parseReminderButtonPayload, type ReminderButtonAction, reminderButtonPayload } from './reminder-payload.js';
export { findRepliedReminders, type ReminderAppointment, type ReminderReference } from './reminder-reference.js';
export { type AttendanceFigures, computeReminderStats, type ReminderStats } from './reminder-stats.js';
export { noticeDuration, reminderTexts } from './reminder-texts.js';
