import type { Tracer } from '@opentelemetry/api';
import type { TaskList } from 'graphile-worker';
import { z } from 'zod';
import type { ServiceDeps } from '../boot/service-deps.js';
import type { ChooseResponder } from '../conversation/choose-responder.js';
import { processConversation } from '../conversation/index.js';
import { createGraphApiClient, type GraphApiClient, sendOutboundMessage } from '../whatsapp/index.js';
import { TASKS } from './task-names.js';

const conversationPayload = z.object({ conversationId: z.number().int().positive() });
const messagePayload = z.object({ messageId: z.number().int().positive() });

export interface ChannelTaskOptions {
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
 * `send-message` sends one outbox row. Not re-exported from queue/index.ts, since the
 * components they call themselves enqueue through it; boot imports this file directly.
 */
export function createChannelTasks(deps: ServiceDeps, options: ChannelTaskOptions): TaskList {
  const graph =
    options.graph ??
    createGraphApiClient({
      baseUrl: deps.config.WHATSAPP_GRAPH_URL,
      version: deps.config.WHATSAPP_GRAPH_VERSION,
      maxRetries: deps.config.WHATSAPP_SEND_MAX_RETRIES,
      logger: deps.logger,
    });
  return {
    [TASKS.processConversation]: async (payload, helpers) => {
      const { conversationId } = conversationPayload.parse(payload);
      await processConversation(
        {
          db: deps.db,
          logger: deps.logger,
          graph,
          chooseResponder: options.chooseResponder,
          claimPollMs: options.claimPollMs,
          tracer: options.tracer,
        },
        conversationId,
        { attempt: helpers.job.attempts, maxAttempts: helpers.job.max_attempts },
      );
    },
    [TASKS.sendMessage]: async (payload, helpers) => {
      const { messageId } = messagePayload.parse(payload);
      await sendOutboundMessage({ db: deps.db, graph, logger: deps.logger }, messageId, {
        attempt: helpers.job.attempts,
        maxAttempts: helpers.job.max_attempts,
      });
    },
  };
}
