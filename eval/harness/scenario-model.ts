import Anthropic from '@anthropic-ai/sdk';
import type { ModelClient } from '../../src/agent/index.js';
import {
  type FakeReply,
  type ScriptStep as FakeStep,
  inProcessFetch,
  message,
  ScriptedClaude,
  textBlock,
  toolUseBlock,
} from '../../test/fakes/anthropic.js';
import type { ScriptStep } from './scenario-schema.js';

/** One model response (or API error) of a recorded exchange, in call order. */
export type RecordedReply = { message: Anthropic.Messages.Message } | { error: { status: number; type: string; message: string } };

export interface Recording {
  scenario: string;
  model: string;
  recordedAt: string;
  replies: RecordedReply[];
}

/** Resolves "$professional:ana"-style placeholders of a step's input when it is served. */
export type ResolvePlaceholders = (input: unknown, lastToolResults: string[]) => unknown;

export interface ScenarioModel {
  client: ModelClient;
  /** how the scenario's model calls were answered */
  source: 'scripted' | 'replay' | 'live';
  /** steps or recorded replies left unused (a harness failure: the run did not go as scripted) */
  unused(): number;
  /** what a live run answered, for --record */
  recorded: RecordedReply[];
}

/**
 * The model for one scenario: Claude itself (live, recording every reply), a recorded
 * exchange replayed in order, or the scenario's script. Replayed and scripted replies go
 * through the project's scripted Claude fake, which refuses requests the real API would
 * refuse; `beforeStep` runs before each served step (e.g. an attendant's claim).
 */
export function createScenarioModel(options: {
  live?: Anthropic;
  recording?: Recording;
  script: ScriptStep[];
  resolve: ResolvePlaceholders;
  beforeStep?: (index: number) => Promise<void>;
}): ScenarioModel {
  if (options.live) return liveModel(options.live, options.beforeStep);
  const fake = new ScriptedClaude();
  const replies: ((lastResults: string[]) => FakeReply)[] = options.recording
    ? options.recording.replies.map((reply) => () => reply)
    : options.script.map((step) => (lastResults: string[]) => scriptedReply(step, (input) => options.resolve(input, lastResults)));
  replies.forEach((reply, index) => {
    const step: FakeStep = async () => {
      await options.beforeStep?.(index);
      const lastResults = fake
        .lastToolResults()
        .map((result) => (typeof result.content === 'string' ? result.content : JSON.stringify(result.content)));
      return reply(lastResults);
    };
    fake.enqueue(step);
  });
  const client = new Anthropic({
    apiKey: 'eval-scripted',
    baseURL: 'https://api.anthropic.com',
    maxRetries: 0,
    fetch: inProcessFetch(fake),
  });
  return { client, source: options.recording ? 'replay' : 'scripted', unused: () => fake.remaining, recorded: [] };
}

function scriptedReply(step: ScriptStep, resolve: (input: unknown) => unknown): FakeReply {
  if ('error' in step) return { error: step.error };
  if ('text' in step) return message([textBlock(step.text)], step.stop_reason ?? 'end_turn');
  const blocks = step.tools.map((tool) => toolUseBlock(tool.name, resolve(tool.input) as Record<string, unknown>));
  return message(blocks, 'tool_use');
}

function liveModel(anthropic: Anthropic, beforeStep?: (index: number) => Promise<void>): ScenarioModel {
  const recorded: RecordedReply[] = [];
  const client: ModelClient = {
    messages: {
      async create(params, requestOptions) {
        await beforeStep?.(recorded.length);
        try {
          const reply = await anthropic.messages.create(params, requestOptions);
          recorded.push({ message: reply });
          return reply;
        } catch (error) {
          if (error instanceof Anthropic.APIError && error.status !== undefined) {
            recorded.push({
              error: {
                status: error.status,
                type: String((error.error as { error?: { type?: string } })?.error?.type ?? 'api_error'),
                message: error.message,
              },
            });
          }
          throw error;
        }
      },
    },
  };
  return { client, source: 'live', unused: () => 0, recorded };
}
