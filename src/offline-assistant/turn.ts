import type { InboundTurnMessage } from '../conversation/index.js';
import type { HandoffReason } from '../handoff/index.js';
import type { OutboundReply } from '../shared/index.js';
import type { Step } from './assistant-state.js';
import type { SchedulingCalls } from './scheduling-calls.js';

/** One weekday's opening, in the tenant's local time: from the earliest start to the latest end of anyone's hours. */
export interface OpeningDay {
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
  from: string;
  to: string;
}

/** What the tenant file says about the business, for the customer's questions and the notice rule. */
export interface BusinessFacts {
  /** "" when the tenant file gives none. */
  address: string;
  paymentMethods: string;
  /** The free-text `assistant.businessInfo`: only searched for a sentence when a field above is empty. */
  businessInfo: string;
  cancelNoticeMinutes: number;
  /** The weekdays someone works (loaded when a customer asks). */
  openingHours(): Promise<OpeningDay[]>;
}

/** What a step handler can see while answering one inbound message. */
export interface TurnContext {
  calls: SchedulingCalls;
  tenantName: string;
  horizonDays: number;
  timezone: string;
  now: Date;
  /** Today in the tenant's time zone ("YYYY-MM-DD"). */
  today: string;
  business: BusinessFacts;
  message: InboundTurnMessage;
}

/** The answer to one inbound message: the next step and what to show. */
export interface TurnResult {
  next: Step;
  /** The screen for `next` (menu, list, buttons). */
  replies: OutboundReply[];
  /** Facts that stay worth sending even when a later message of the same burst moves on (booked, cancelled). */
  notices?: OutboundReply[];
  handoff?: HandoffReason;
}

/** A handler's verdict on a message: understood (with the result) or not (the step is asked again). */
export type StepOutcome = TurnResult | 'not_understood';

/** A screen: what to show when entering a step. */
export type Screen = Omit<TurnResult, 'handoff'>;

export const text = (body: string): OutboundReply => ({ type: 'text', text: body });

/** Prepends a line (an error, "não entendi") to a screen's first message. */
export function withPrefix(screen: Screen, prefix: string): Screen {
  const [first, ...rest] = screen.replies;
  if (!first) return { ...screen, replies: [text(prefix)] };
  return { ...screen, replies: [{ ...first, text: `${prefix}\n\n${first.text}` }, ...rest] };
}
