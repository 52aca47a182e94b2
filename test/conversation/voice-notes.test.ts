import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildInboundTurn } from '../../src/agent/build-inbound-turn.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { FAKE_TRANSCRIPTION_URL, TranscriptionFake } from '../fakes/transcription.js';
import { newWaId, newWamid, webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import {
  type Channel,
  FakeResponder,
  findConversation,
  isQueueIdle,
  outboundMessages,
  postWebhook,
  startChannel,
  waitFor,
} from './channel-harness.js';

describe('voice notes with a transcription service', () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  const responder = new FakeResponder();
  beforeAll(async () => {
    database = await testDatabase();
    channel = await startChannel({
      database,
      responder,
      config: {
        TRANSCRIPTION_URL: FAKE_TRANSCRIPTION_URL,
        TRANSCRIPTION_API_KEY: 'sk-transcribe-test',
        TRANSCRIPTION_MODEL: 'whisper-large-v3',
        TRANSCRIPTION_MAX_SECONDS: '120',
      },
    });
    tenant = await createTestTenant(database.db);
  });
  afterAll(async () => channel.stop());
  beforeEach(() => {
    new GraphApiFake().install();
  });

  const sendVoiceNote = async (from: string) => {
    const messageId = newWamid();
    await postWebhook(channel.app, webhookFixture('audio', { phoneNumberId: tenant.phoneNumberId, from, messageId })).expect(200);
    const conversation = await waitFor(() => findConversation(database.db, tenant.id, from), { what: 'conversation' });
    return { messageId, conversation };
  };
  const settledReplies = (conversationId: number, count: number) =>
    waitFor(
      async () => {
        const rows = await outboundMessages(database.db, conversationId);
        return rows.length >= count && rows.every((row) => row.status === 'sent') && (await isQueueIdle(database.db)) ? rows : null;
      },
      { what: `${count} replies` },
    );

  it('when a voice note arrives, then it is downloaded with the tenant token, transcribed in Portuguese (multipart), stored, and the run reads the transcript', async () => {
    const fake = new TranscriptionFake({ text: 'Oi, queria marcar um corte amanhã de manhã' }).install();
    const { messageId, conversation } = await sendVoiceNote(newWaId());
    const [reply] = await settledReplies(conversation.id, 1);
    expect(reply!.text).toBe('Recebi: Oi, queria marcar um corte amanhã de manhã');

    expect(fake.mediaRequests.map((request) => request.path)).toEqual(['/v23.0/868497378584451', '/media-download/868497378584451/audio']);
    expect(fake.mediaRequests.every((request) => request.authorization === `Bearer EAAG-test-${tenant.slug.replace('salao-', '')}`)).toBe(
      true,
    );
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      authorization: 'Bearer sk-transcribe-test',
      fields: { model: 'whisper-large-v3', language: 'pt', response_format: 'verbose_json' },
      file: { name: 'voice-note.ogg', type: 'audio/ogg', size: 8 },
    });

    const stored = await database.db.message.findUniqueOrThrow({ where: { waMessageId: messageId } });
    expect(stored).toMatchObject({ type: 'audio', text: 'Oi, queria marcar um corte amanhã de manhã', status: 'processed' });
    expect((stored.payload as { transcription: unknown }).transcription).toMatchObject({ status: 'transcribed', durationSeconds: 3.4 });
    const turn = await buildInboundTurn(database.db, { tenantId: tenant.id, conversationId: conversation.id, watermark: 0 }, [
      { id: stored.id, type: stored.type, text: stored.text, replyId: null, createdAt: stored.createdAt },
    ]);
    expect(turn!.content.map((block) => block.text)).toEqual(['(áudio transcrito) Oi, queria marcar um corte amanhã de manhã']);
  });

  it('when the transcription service fails, then the customer gets the "please type" notice once, never silence', async () => {
    const fake = new TranscriptionFake({ failWith: 500 }).install();
    const runsBefore = responder.runs.length;
    const { messageId, conversation } = await sendVoiceNote(newWaId());
    const replies = await settledReplies(conversation.id, 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await outboundMessages(database.db, conversation.id)).map((row) => row.text)).toEqual([
      expect.stringMatching(/digite sua mensagem/),
    ]);
    expect(replies).toHaveLength(1);
    expect(fake.requests).toHaveLength(1);
    expect(responder.runs.length).toBe(runsBefore);
    const stored = await database.db.message.findUniqueOrThrow({ where: { waMessageId: messageId } });
    expect(stored.text).toBeNull();
    expect((stored.payload as { transcription: unknown }).transcription).toMatchObject({
      status: 'failed',
      reason: 'transcription answered 500',
    });
  });

  it('when the voice note is longer than the limit, then it is not used and the notice is sent', async () => {
    new TranscriptionFake({ text: 'um áudio muito longo', durationSeconds: 600 }).install();
    const { conversation } = await sendVoiceNote(newWaId());
    const [reply] = await settledReplies(conversation.id, 1);
    expect(reply!.text).toMatch(/digite sua mensagem/);
  });
});
