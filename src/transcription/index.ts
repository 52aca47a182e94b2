export { type Transcription, type TranscriptionOptions, transcribeAudio } from './transcribe-audio.js';
