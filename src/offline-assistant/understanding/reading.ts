/**
 * What one customer message says, field by field. Every field is absent, found (with a
 * confidence: `low` when a reasonable guess was made, e.g. "às 3" read as 15:00), ambiguous
 * (the options that fit equally, e.g. "com a Ju" with Juliana and Julia) or unknown (a
 * name the catalog does not have). A reading never books anything: the flow confirms first.
 */
export type Field<Value> =
  | { status: 'absent' }
  | { status: 'found'; value: Value; confidence: 'high' | 'low' }
  | { status: 'ambiguous'; options: Value[] }
  | { status: 'unknown'; said: string };

/**
 * What the message is about. Besides the appointment intents: a complaint (anger, urgency,
 * a service gone wrong), leaving the flow under way ("esquece"), thanks and goodbyes, and
 * the questions the tenant file answers (address, hours, payment methods).
 */
export type Intent =
  | 'book'
  | 'cancel'
  | 'reschedule'
  | 'list'
  | 'prices'
  | 'human'
  | 'complaint'
  | 'leave'
  | 'thanks'
  /** "me avisa se vagar sexta à tarde": the waitlist */
  | 'waitlist'
  | InfoTopic
  | 'none';

/** A question the tenant's own data answers. */
export type InfoTopic = 'address' | 'hours' | 'payment';

/** A day ("YYYY-MM-DD", the tenant's local date) or a span of days ("semana que vem"). */
export type DaySpec = { kind: 'date'; date: string } | { kind: 'range'; from: string; to: string };

export type Period = 'manha' | 'tarde' | 'noite';

/**
 * A start time ("15:00"), a window of start times [from, to) ("de tarde" = 12:00–18:00,
 * "depois das 17h" = 17:00–24:00) or "o mais cedo possível".
 */
export type TimeSpec =
  | { kind: 'at'; time: string; period: Period }
  | { kind: 'window'; from: string; to: string; label: string }
  | { kind: 'earliest' };

/** The professional asked for, or "qualquer um". */
export type ProfessionalWish = number | 'any';

export interface Reading {
  /** The normalised text the fields were read from. */
  text: string;
  intent: Field<Intent>;
  /** Service id of the tenant's catalog. */
  service: Field<number>;
  professional: Field<ProfessionalWish>;
  /** The day wanted (for a reschedule: the new day, the one after "para"). */
  day: Field<DaySpec>;
  /** A second day named, e.g. the appointment's current day in "passa de sexta para sábado". */
  otherDay: Field<DaySpec>;
  /** The day was written after "para" ("remarcar para sábado"): where something goes, not where it is. */
  dayIsTarget: boolean;
  time: Field<TimeSpec>;
  /**
   * Two or three services named together ("corte e escova"), in the order said, each found
   * or ambiguous: one visit. Empty otherwise (then `service` is the one service).
   */
  visit: Field<number>[];
  /** "as duas", "os dois", "ambos", "todos": every option just offered. */
  all: boolean;
  /** "no mesmo dia", "em seguida": the day of what is already being booked. */
  sameDay: boolean;
  /** The questions asked ("e onde fica?", "aceita pix?"), answered whatever else the message does. */
  asks: InfoTopic[];
}

/** The tenant's catalog as the reader needs it. */
export interface Catalog {
  services: { id: number; name: string; professionalIds: number[] }[];
  professionals: { id: number; name: string }[];
}

export const absent = { status: 'absent' } as const;

export const isGiven = <Value>(field: Field<Value>): field is Extract<Field<Value>, { status: 'found' }> => field.status === 'found';
