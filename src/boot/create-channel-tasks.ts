import type { Tracer } from '@opentelemetry/api';
import { z } from 'zod';
import { type ChooseResponder, createClaimWatch, createVoiceNoteTranscriber, processConversation } from '../conversation/index.js';
import { keyringFromConfig } from '../credentials/index.js';
import { createGraphApiClient, type GraphApiClient } from '../graph/index.js';
import { sendOutboundMessage } from '../outbox/index.js';
import { type QueueTaskList, TASKS } from '../queue/index.js';
import { sendReminder, settleUndeliveredMessage } from '../reminders/index.js';
import { offerOpening, passWaitlistOffer } from '../waitlist-offers/index.js';
import { schedulingDepsOf } from './scheduling-deps.js';
import type { ServiceDeps } from './service-deps.js';

const conversationPayload = z.object({ conversationId: z.number().int().positive() });
const messagePayload = z.object({ messageId: z.number().int().positive() });
const reminderPayload = z.object({ reminderId: z.number().int().positive() });
const openingPayload = z.object({
  tenantId: z.number().int().positive(),
  professionalId: z.number().int().positive(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
});
const offerPayload = z.object({ offerId: z.number().int().positive() });

interface ChannelTaskOptions {
  chooseResponder: ChooseResponder;
  /** defaults to the real Graph API client from config */
  graph?: GraphApiClient;
  claimPollMs?: number;
  /** run spans (OpenTelemetry); none when absent */
  tracer?: Tracer;
}

/**
 * The WhatsApp channel's job handlers (thin: they parse the payload and call the component):
 * `process-conversation` answers a conversation's new messages with one responder run;
 * `send-message` sends one outbox row (a refused reminder is recorded as the reminder's
 * failure, any other refused bot message handed to a person); `send-reminder` sends one
 * appointment reminder at its due time; `offer-waitlist-opening` offers a freed slot to the
 * waitlist and `pass-waitlist-offer` passes an untaken offer on at its hold's end. Wiring, so it lives in boot/: it picks the Graph API
 * client and hands each component its dependencies.
 */
export function createChannelTasks(deps: ServiceDeps, options: ChannelTaskOptions): QueueTaskList {
  const graph =
    options.graph ??
    createGraphApiClient({
      baseUrl: deps.config.WHATSAPP_GRAPH_URL,
      version: deps.config.WHATSAPP_GRAPH_VERSION,
      maxRetries: deps.config.WHATSAPP_SEND_MAX_RETRIES,
      logger: deps.logger,
      credentials: keyringFromConfig(deps.config),
    });
  const { config } = deps;
  const transcribeVoiceNotes = config.TRANSCRIPTION_URL
    ? createVoiceNoteTranscriber({
        db: deps.db,
        logger: deps.logger,
        graph: { baseUrl: config.WHATSAPP_GRAPH_URL, version: config.WHATSAPP_GRAPH_VERSION },
        credentials: keyringFromConfig(config),
        transcription: {
          url: config.TRANSCRIPTION_URL,
          apiKey: config.TRANSCRIPTION_API_KEY,
          model: config.TRANSCRIPTION_MODEL,
          timeoutMs: config.TRANSCRIPTION_TIMEOUT_MS,
          maxSeconds: config.TRANSCRIPTION_MAX_SECONDS,
        },
        maxBytes: config.TRANSCRIPTION_MAX_BYTES,
      })
    : undefined;
  // One per worker: its running turns learn of a claim from one query per tick.
  const claimWatch = createClaimWatch(deps.db, options.claimPollMs ?? 500);
  const scheduling = schedulingDepsOf(deps.db);
  return {
    [TASKS.processConversation]: async (payload, helpers, fence) => {
      const { conversationId } = conversationPayload.parse(payload);
      await processConversation(
        {
          db: deps.db,
          scheduling,
          logger: deps.logger,
          graph,
          chooseResponder: options.chooseResponder,
          claimWatch,
          inboundRateLimit: { maxMessages: deps.config.INBOUND_RATE_LIMIT_MESSAGES, windowMs: deps.config.INBOUND_RATE_LIMIT_WINDOW_MS },
          transcribeVoiceNotes,
          typingRefreshMs: config.TYPING_REFRESH_MS,
          tracer: options.tracer,
          clock: deps.clock,
        },
        conversationId,
        { attempt: helpers.job.attempts, maxAttempts: helpers.job.max_attempts, fence },
      );
    },
    [TASKS.sendMessage]: async (payload, helpers) => {
      const { messageId } = messagePayload.parse(payload);
      const sendDeps = {
        db: deps.db,
        graph,
        logger: deps.logger,
        unknownOutcomeWaitMs: deps.config.WHATSAPP_SEND_UNKNOWN_WAIT_MS,
        onUndelivered: settleUndeliveredMessage,
      };
      await sendOutboundMessage(sendDeps, messageId, {
        attempt: helpers.job.attempts,
        maxAttempts: helpers.job.max_attempts,
      });
    },
    [TASKS.sendReminder]: async (payload) => {
      const { reminderId } = reminderPayload.parse(payload);
      await sendReminder({ db: deps.db, logger: deps.logger }, reminderId, deps.clock.now());
    },
    [TASKS.offerWaitlistOpening]: async (payload) => {
      const opening = openingPayload.parse(payload);
      await offerOpening(
        { db: deps.db, logger: deps.logger, clock: deps.clock },
        { ...opening, startsAt: new Date(opening.startsAt), endsAt: new Date(opening.endsAt) },
      );
    },
    [TASKS.passWaitlistOffer]: async (payload) => {
      const { offerId } = offerPayload.parse(payload);
      await passWaitlistOffer({ db: deps.db, logger: deps.logger, clock: deps.clock }, offerId);
    },
  };
}
