export type { ChooseResponder } from './choose-responder.js';
export { CONVERSATION_TEXTS } from './conversation-texts.js';
export { createServiceResponderChooser } from './create-service-responder-chooser.js';
export { type ProcessConversationDeps, processConversation, type TurnResult } from './process-conversation.js';
export { createVoiceNoteTranscriber, type TranscribeVoiceNotes } from './transcribe-voice-notes.js';
