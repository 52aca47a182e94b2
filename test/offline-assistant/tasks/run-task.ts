import type { RunOutcome } from '../../../src/conversation/index.js';
import type { Db } from '../../../src/db/index.js';
import { isOfflineFlowActive } from '../../../src/offline-assistant/index.js';
import { fixedClock } from '../../../src/shared/index.js';
import { allText, demoTenant, localStart, options, replies, screen } from '../demo-tenant-session.js';
import { messageText, type Task, type TaskAppointment } from './task-set.js';

/** How one customer turn went: it moved on, handed off, or was a dead end (with why). */
export type TurnVerdict = { kind: 'moved' } | { kind: 'handoff'; reason: string } | { kind: 'dead_end'; why: string };

export interface TaskResult {
  task: Task;
  success: boolean;
  /** Customer messages sent: until the goal was met, else all the script had (or until it broke off). */
  messages: number;
  deadEnds: number;
  /** Why it failed (absent on success). */
  failure?: string;
  transcript: string[];
}

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * A turn is a dead end when it neither moves the conversation on, asks a precise question,
 * nor hands off: any "não entendi", no reply at all, or the same screen sent again with the
 * same menu state and nothing written.
 */
export function judgeTurn(
  outcome: RunOutcome,
  before: { state: string; replies: string; rows: string },
  after: { state: string; rows: string },
): TurnVerdict {
  if (outcome.kind === 'handoff') return { kind: 'handoff', reason: outcome.reason };
  const text = allText(outcome);
  if (replies(outcome).length === 0) return { kind: 'dead_end', why: 'no reply' };
  if (/nao entendi|nao consegui entender/.test(plain(text))) return { kind: 'dead_end', why: 'not understood' };
  if (before.state === after.state && before.replies === text && before.rows === after.rows) {
    return { kind: 'dead_end', why: 'the same screen again' };
  }
  return { kind: 'moved' };
}

/**
 * Plays one task against the real offline assistant (a fresh demo tenant on the real
 * database, the task's clock): its appointments first, then the customer's messages one by
 * one. After each turn the goal is checked; the task stops when it is met (or at a
 * handoff, or a tap on an option that was not shown).
 */
export async function runTask(db: Db, task: Task, defaultNow: string): Promise<TaskResult> {
  const now = task.now ?? defaultNow;
  const demo = await demoTenant(db, fixedClock(now));
  const customer = await demo.customer();
  for (const appointment of task.mine ?? []) {
    await customer.book(appointment.service, appointment.professional ?? '', appointment.start);
  }
  const wanted = describe(demo, task.expect.appointments ?? task.mine ?? []);
  const transcript: string[] = [];
  const saidAt = new Map<number, string>();
  const timesAt = new Set<number>();
  let handoff: string | null = null;
  let deadEnds = 0;
  let last: RunOutcome | null = null;
  let before = { state: await stateOf(db, customer.ids.conversationId), replies: '', rows: await rowsOf(customer) };

  for (const [index, message] of task.messages.entries()) {
    const number = index + 1;
    let outcome: RunOutcome;
    if (typeof message === 'string') outcome = await customer.say(message);
    else {
      const option = last ? options(last).find((candidate) => plain(candidate.title).startsWith(plain(message.tap))) : undefined;
      if (!option) {
        transcript.push(`  ${number}> ${messageText(message)}  (no such option on screen)`);
        return { task, success: false, messages: number, deadEnds, failure: `no option "${message.tap}" to tap`, transcript };
      }
      outcome = await customer.say(option.title, option.id);
    }
    last = outcome;
    const after = { state: await stateOf(db, customer.ids.conversationId), rows: await rowsOf(customer) };
    const verdict = judgeTurn(outcome, before, after);
    if (verdict.kind === 'dead_end') deadEnds++;
    if (verdict.kind === 'handoff') handoff = verdict.reason;
    const text = allText(outcome);
    saidAt.set(number, text);
    if (screen(outcome)?.type === 'list' && options(outcome).some((option) => option.id.startsWith('slot:'))) timesAt.add(number);
    transcript.push(`  ${number}> ${messageText(message)}`, ...text.split('\n').map((line) => `     ${line}`));
    if (verdict.kind !== 'moved')
      transcript.push(`     [${verdict.kind === 'handoff' ? `handoff ${verdict.reason}` : `DEAD END: ${verdict.why}`}]`);
    before = { ...after, replies: text };

    const unmet = await unmetGoal(task, number, { wanted, handoff, saidAt, timesAt, customer, db, now });
    if (unmet === null && number > task.max) {
      return {
        task,
        success: false,
        messages: number,
        deadEnds,
        failure: `took ${number} messages, at most ${task.max} wanted`,
        transcript,
      };
    }
    if (unmet === null) return { task, success: true, messages: number, deadEnds, transcript };
    if (handoff !== null || number === task.messages.length) {
      return { task, success: false, messages: number, deadEnds, failure: unmet, transcript };
    }
  }
  return { task, success: false, messages: task.messages.length, deadEnds, failure: 'no messages', transcript };
}

type Demo = Awaited<ReturnType<typeof demoTenant>>;
type Customer = Awaited<ReturnType<Demo['customer']>>;

const describe = (demo: Demo, appointments: TaskAppointment[]) =>
  appointments.map((appointment) => ({
    serviceId: demo.serviceId(appointment.service),
    professionalId: appointment.professional ? demo.professionalId(appointment.professional) : null,
    start: appointment.start,
    label: `${appointment.service}${appointment.professional ? ` com ${appointment.professional}` : ''} ${appointment.start}`,
  }));

async function stateOf(db: Db, conversationId: number): Promise<string> {
  const row = await db.conversation.findUniqueOrThrow({ where: { id: conversationId }, select: { assistantState: true } });
  const state = row.assistantState as { current?: unknown } | null;
  return JSON.stringify(state?.current ?? null);
}

async function rowsOf(customer: Customer): Promise<string> {
  return JSON.stringify((await customer.appointments()).map((row) => [row.id, row.status, row.startsAt.toISOString()]));
}

/** Null when the goal holds after message `number`; else what is still missing. */
async function unmetGoal(
  task: Task,
  number: number,
  seen: {
    wanted: ReturnType<typeof describe>;
    handoff: string | null;
    saidAt: Map<number, string>;
    timesAt: Set<number>;
    customer: Customer;
    db: Db;
    now: string;
  },
): Promise<string | null> {
  const { expect } = task;
  if (expect.all && number < task.messages.length) return 'the script is not over';
  if ((expect.handoff ?? null) !== seen.handoff) return `handoff ${seen.handoff ?? 'none'}, wanted ${expect.handoff ?? 'none'}`;
  const upcoming = (await seen.customer.appointments()).filter((row) => row.status === 'booked' || row.status === 'confirmed');
  const left = [...upcoming];
  for (const wanted of seen.wanted) {
    const at = left.findIndex(
      (row) =>
        row.serviceId === wanted.serviceId &&
        (wanted.professionalId === null || row.professionalId === wanted.professionalId) &&
        localStart(row.startsAt) === wanted.start,
    );
    if (at < 0) return `appointment missing: ${wanted.label}`;
    left.splice(at, 1);
  }
  if (left.length > 0) return `unwanted appointments: ${left.map((row) => localStart(row.startsAt)).join(', ')}`;
  for (const [key, texts] of Object.entries(expect.says ?? {})) {
    const said = seen.saidAt.get(Number(key));
    if (said === undefined) return `message ${key} not answered yet`;
    const missing = texts.filter((text) => !said.includes(text));
    if (missing.length > 0) return `the answer to message ${key} lacks ${missing.map((text) => `"${text}"`).join(', ')}`;
  }
  for (const key of expect.times ?? []) {
    if (key > number) return `message ${key} not answered yet`;
    if (!seen.timesAt.has(key)) return `the answer to message ${key} was not a list of free times`;
  }
  if (expect.ended) {
    const row = await seen.db.conversation.findUniqueOrThrow({
      where: { id: seen.customer.ids.conversationId },
      select: { assistantState: true },
    });
    if (isOfflineFlowActive(row.assistantState, new Date(seen.now))) return 'a menu step is still pending';
  }
  return null;
}
