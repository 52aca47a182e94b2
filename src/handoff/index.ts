export { type AddNoteOutcome, addConversationNote, type ConversationNoteView } from './add-conversation-note.js';
export { type AssignConversationOutcome, assignConversation } from './assign-conversation.js';
export { type ClaimedHandoff, type ClaimHandoffOutcome, claimHandoff } from './claim-handoff.js';
export { type ConversationOutcomeStats, computeConversationOutcomeStats } from './conversation-outcome-stats.js';
export { formatHandoffReasonStats } from './format-handoff-reason-stats.js';
export { handOverToOwner } from './hand-over-to-owner.js';
export { claimHandoffNotice, markHandoffNoticeGiven, type NoticeScope } from './handoff-notice.js';
export {
  computeHandoffReasonStats,
  type HandoffReasonFigures,
  type HandoffReasonStats,
} from './handoff-reason-stats.js';
export { HANDOFF_REASON_LABELS_PT, HANDOFF_REASONS, type HandoffReason, handoffReasonLabel, isHandoffReason } from './handoff-reasons.js';
export { HANDOFF_STATUSES, type HandoffStatus } from './handoff-status.js';
export {
  type ConversationListCursor,
  type ConversationListFilter,
  type ConversationListItem,
  type ConversationListQuery,
  type ConversationStatus,
  listConversations,
} from './list-conversations.js';
export { type HandoffQueueCursor, type HandoffQueueItem, listHandoffs } from './list-handoffs.js';
export { type ConversationMessageView, type ConversationView, readConversation } from './read-conversation.js';
export { CLOSED_SILENCE_HOURS, isClosedToBot } from './release-closed-conversation.js';
export { type HandoffAtTurnStart, releaseExpiredOwnerPause } from './release-owner-pause.js';
export { findOpenHandoff, type OpenHandoff, requestHandoff } from './request-handoff.js';
export { type ResolveHandoffOutcome, type ResolveHandoffRequest, resolveHandoff } from './resolve-handoff.js';
export { resolveStatsPeriod, type StatsPeriod } from './resolve-stats-period.js';
export { type ReturnToBotOutcome, returnConversationToBot } from './return-conversation-to-bot.js';
export { type TakeOverOutcome, takeOverConversation } from './take-over-conversation.js';
