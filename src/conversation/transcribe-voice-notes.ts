import type { Keyring } from '../credentials/index.js';
import type { Db } from '../db/index.js';
import { downloadMedia } from '../graph/index.js';
import type { Logger } from '../shared/index.js';
import { type TranscriptionOptions, transcribeAudio } from '../transcription/index.js';
import type { LoadedTurn } from './load-turn.js';

/** Transcribes the turn's voice notes in place (their text becomes the transcript); never throws for a failed one. */
export type TranscribeVoiceNotes = (turn: LoadedTurn) => Promise<void>;

/**
 * With a transcription service configured: each voice note of a turn not tried yet is
 * downloaded from the Graph API with the tenant's token (media id → short-lived URL → bytes,
 * at most `maxBytes`), transcribed (pt), and the transcript stored as the message's text
 * (`payload.transcription` records the outcome, so a voice note is tried once). The turn then
 * reads it like typed text, which the model sees as "(áudio transcrito) …". A failure leaves
 * the text empty, so the turn answers as without transcription: the "please type" notice.
 */
export function createVoiceNoteTranscriber(deps: {
  db: Db;
  logger: Logger;
  graph: { baseUrl: string; version: string };
  /** opens sealed access tokens (see credentials/); plain ones only without it */
  credentials?: Keyring;
  transcription: TranscriptionOptions;
  maxBytes: number;
}): TranscribeVoiceNotes {
  return async (turn) => {
    const accessToken = turn.tenant.accessToken;
    if (!accessToken) return;
    for (const message of turn.messages) {
      if (message.type !== 'audio' || message.text) continue;
      const row = await deps.db.message.findFirst({ where: { id: message.id, tenantId: turn.tenantId }, select: { payload: true } });
      const payload = (row?.payload ?? {}) as { transcription?: unknown; message?: { audio?: { id?: unknown } } };
      if (payload.transcription !== undefined) continue;
      const mediaId = payload.message?.audio?.id;
      const outcome =
        typeof mediaId === 'string' ? await transcribe(deps, { phoneNumberId: turn.tenant.phoneNumberId, accessToken }, mediaId) : null;
      const transcription = outcome ?? { kind: 'failed' as const, reason: 'voice note without a media id' };
      const text = transcription.kind === 'transcribed' ? transcription.text : null;
      const record =
        transcription.kind === 'transcribed'
          ? { status: 'transcribed', durationSeconds: transcription.durationSeconds }
          : { status: 'failed', reason: transcription.reason };
      await deps.db.$executeRaw`
        UPDATE messages SET text = coalesce(${text}, text), updated_at = now(),
               payload = jsonb_set(coalesce(payload, '{}'::jsonb), '{transcription}', ${JSON.stringify(record)}::jsonb)
        WHERE id = ${message.id} AND tenant_id = ${turn.tenantId}`;
      if (text !== null) message.text = text;
      else deps.logger.warn({ tenantId: turn.tenantId, messageId: message.id, reason: record.reason }, 'voice note not transcribed');
    }
  };
}

async function transcribe(
  deps: Parameters<typeof createVoiceNoteTranscriber>[0],
  target: { phoneNumberId: string; accessToken: string },
  mediaId: string,
) {
  const media = await downloadMedia(
    { ...deps.graph, timeoutMs: deps.transcription.timeoutMs, credentials: deps.credentials },
    target,
    mediaId,
    deps.maxBytes,
  );
  if (media.kind === 'too_large') return { kind: 'failed' as const, reason: `voice note of ${media.size} bytes is over the limit` };
  if (media.kind === 'failed') return { kind: 'failed' as const, reason: media.reason };
  return transcribeAudio(deps.transcription, media);
}
