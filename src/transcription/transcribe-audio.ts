export interface TranscriptionOptions {
  /** TRANSCRIPTION_URL: the `/audio/transcriptions` endpoint itself, or the API base it lives under */
  url: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs: number;
  /** longest audio accepted, by the duration the service reports */
  maxSeconds: number;
}

export type Transcription = { kind: 'transcribed'; text: string; durationSeconds: number | null } | { kind: 'failed'; reason: string };

/**
 * Transcribes audio with an OpenAI-compatible `POST /audio/transcriptions` (OpenAI, Groq, a
 * self-hosted Whisper server): multipart with `file`, `model`, `language=pt` and
 * `response_format=verbose_json` (for the duration; a plain `{"text"}` answer is accepted too).
 * Never throws. An empty transcript, or audio longer than `maxSeconds`, is a failure.
 */
export async function transcribeAudio(
  options: TranscriptionOptions,
  audio: { bytes: Uint8Array; mimeType: string },
): Promise<Transcription> {
  const endpoint = /\/audio\/transcriptions\/?$/.test(options.url)
    ? options.url
    : `${options.url.replace(/\/+$/, '')}/audio/transcriptions`;
  const form = new FormData();
  const mimeType = audio.mimeType.split(';')[0]?.trim() || 'audio/ogg';
  form.append('file', new Blob([audio.bytes], { type: mimeType }), `voice-note.${extensionOf(mimeType)}`);
  form.append('model', options.model);
  form.append('language', 'pt');
  form.append('response_format', 'verbose_json');
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
      body: form,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (!response.ok) {
      await response.text().catch(() => undefined);
      return { kind: 'failed', reason: `transcription answered ${response.status}` };
    }
    const body = (await response.json()) as { text?: unknown; duration?: unknown };
    const durationSeconds = typeof body.duration === 'number' ? body.duration : null;
    if (durationSeconds !== null && durationSeconds > options.maxSeconds)
      return { kind: 'failed', reason: `audio longer than ${options.maxSeconds} s` };
    const text = typeof body.text === 'string' ? body.text.trim() : '';
    if (!text) return { kind: 'failed', reason: 'empty transcript' };
    return { kind: 'transcribed', text: text.slice(0, 4000), durationSeconds };
  } catch (error) {
    return { kind: 'failed', reason: error instanceof Error ? error.name : 'transcription error' };
  }
}

function extensionOf(mimeType: string): string {
  if (mimeType.includes('ogg') || mimeType.includes('opus')) return 'ogg';
  if (mimeType.includes('mpeg') || mimeType.includes('mp3')) return 'mp3';
  if (mimeType.includes('mp4') || mimeType.includes('m4a') || mimeType.includes('aac')) return 'm4a';
  if (mimeType.includes('amr')) return 'amr';
  if (mimeType.includes('wav')) return 'wav';
  return 'ogg';
}
