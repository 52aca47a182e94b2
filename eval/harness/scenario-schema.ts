import { z } from 'zod';
import { RUN_EXITS } from '../../src/conversation/index.js';

const json = z.record(z.string(), z.unknown());

/**
 * One step of a scripted model, in the order the agent will ask for them. Inputs may hold
 * placeholders resolved when the step is served: "$professional:<key>", "$service:<key>",
 * "$appointment:existing:<n>" (the n-th seeded appointment) and "$appointment:last" (the
 * agendamento_id of the newest tool result in the request).
 */
export const scriptStep = z.union([
  z.object({ text: z.string(), stop_reason: z.enum(['end_turn', 'max_tokens', 'refusal']).optional() }),
  z.object({ tools: z.array(z.object({ name: z.string(), input: json.default({}) })).min(1) }),
  z.object({ error: z.object({ status: z.number().int(), type: z.string(), message: z.string().default('scripted error') }) }),
]);
export type ScriptStep = z.infer<typeof scriptStep>;

const expectedAppointment = z.object({
  service: z.string(),
  professional: z.string(),
  /** local "YYYY-MM-DDTHH:mm" */
  start: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/),
});

export const scenarioSchema = z.object({
  name: z.string().regex(/^[a-z0-9-]+$/),
  description: z.string(),
  /** a file name under eval/tenants/ (a tenant file, as `npm run tenant -- import` takes) */
  tenant: z.string(),
  /** the instant the scenario happens at (the agent's clock) */
  now: z.iso.datetime(),
  /** extra environment for this scenario's config (e.g. a small AGENT_MAX_ITERATIONS) */
  settings: z.record(z.string(), z.string()).default({}),
  /** appointments the customer already has */
  existingAppointments: z.array(expectedAppointment).default([]),
  /** one customer message per turn; each turn is one run */
  turns: z.array(z.string().min(1)).min(1),
  /** a tool answers this JSON to every call, whatever the input (e.g. an "ok" that makes no progress) */
  toolOverrides: z.record(z.string(), z.unknown()).default({}),
  /** an attendant claims the conversation just before this script step (0-based) is served */
  claimBeforeStep: z.number().int().min(0).optional(),
  /** the scripted model (used without a key when there is no recording) */
  script: z.array(scriptStep).default([]),
  expect: z.object({
    /** the exit of the last turn's run */
    exit: z.enum(RUN_EXITS),
    /** the customer's booked appointments afterwards ([] = none; with existingAppointments, "nothing changed" lists them) */
    appointments: z.array(expectedAppointment),
    repliesInclude: z.array(z.string()).default([]),
    repliesExclude: z.array(z.string()).default([]),
  }),
});
export type Scenario = z.infer<typeof scenarioSchema>;
export type ExpectedAppointment = z.infer<typeof expectedAppointment>;
