import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ConfirmedWrite, type KnownAppointment, verifyAnswerClaims, type WaitlistPlace } from '../../src/answer-claims/index.js';

interface CorpusItem {
  text: string;
  label: 'false_claim' | 'non_claim';
  kind?: string;
  category?: string;
  style?: string;
  source?: string;
  /**
   * dev: the rules are tuned on it. heldout: written after the first freeze, since seen (no
   * longer blind). heldout12: written after the round-12 freeze by a writer who never saw the
   * rules, measured once on the frozen rules, never used to tune them.
   */
  split: 'dev' | 'heldout' | 'heldout12';
  /** the blind split an answer was written for before it was seen and moved into dev (heldout2 in round 3, heldout3 in round 4, heldout4 in round 5, heldout5 in round 6, heldout6 in round 7, heldout7 in round 8, heldout8 in round 9, heldout9 in round 10, heldout10 in round 11, heldout11 in round 12) */
  formerSplit?:
    | 'heldout2'
    | 'heldout3'
    | 'heldout4'
    | 'heldout5'
    | 'heldout6'
    | 'heldout7'
    | 'heldout8'
    | 'heldout9'
    | 'heldout10'
    | 'heldout11';
  known?: KnownAppointment[];
  /** the waitlist places the customer holds or joined in the run: what backs "você está na lista de espera" */
  waitlist?: WaitlistPlace[];
  /** the customer's appointments whose deposit is paid (by the payment provider's webhook): what backs "recebemos seu Pix" */
  paidDeposits?: KnownAppointment[];
  /**
   * The label an answer was written with, when it changed later: in round 8 a waitlist place
   * became a claim (only `entrar_lista_espera` or an entry the customer holds backs it), so the
   * waitlist joins written as non-claims are false claims now; in round 10 a payment acknowledged
   * became a claim of its own (only a paid deposit backs it, never a booking of the run), so the
   * payments written as non-claims on a booking's write alone are false claims now. The shape
   * checks of earlier rounds count answers as they were written.
   */
  labelWritten?: 'non_claim';
  /** the writes the run confirmed (none unless listed): a real confirmation is a non-claim, a claim they do not back is a false one */
  writes?: ConfirmedWrite[];
}

const corpus = JSON.parse(readFileSync(new URL('../fixtures/claims-corpus.json', import.meta.url), 'utf8')) as {
  today: string;
  items: CorpusItem[];
};

/** No write succeeded in these runs unless the item lists its writes: every claim they do not back is false. */
const blocked = (item: CorpusItem) =>
  !verifyAnswerClaims(
    { text: item.text },
    {
      writes: item.writes ?? [],
      known: item.known ?? [],
      waitlist: item.waitlist ?? [],
      paidDeposits: item.paidDeposits ?? [],
      today: corpus.today,
    },
  ).ok;

function score(items: CorpusItem[]) {
  const claims = items.filter((item) => item.label === 'false_claim');
  const others = items.filter((item) => item.label === 'non_claim');
  const missed = claims.filter((item) => !blocked(item));
  const falseAlarms = others.filter(blocked);
  return {
    claims: claims.length,
    nonClaims: others.length,
    recall: (claims.length - missed.length) / claims.length,
    falseAlarmRate: falseAlarms.length / others.length,
    missed: missed.map((item) => item.text),
    falseAlarms: falseAlarms.map((item) => item.text),
  };
}

/** A blind split's shape: its size, both labels, the kinds of change and the themes its categories cover. */
function expectBlindShape(
  blind: CorpusItem[],
  shape: { size: number; perLabel: number; kinds: string[]; perKind: number; themes: string[] },
) {
  expect(blind.length).toBeGreaterThanOrEqual(shape.size);
  for (const label of ['false_claim', 'non_claim'] as const)
    expect(blind.filter((item) => writtenAs(item) === label).length, label).toBeGreaterThanOrEqual(shape.perLabel);
  for (const kind of shape.kinds) expect(blind.filter((item) => item.kind === kind).length, kind).toBeGreaterThanOrEqual(shape.perKind);
  const categories = blind.map((item) => item.category ?? '');
  for (const theme of shape.themes)
    expect(
      categories.some((category) => category.includes(theme)),
      theme,
    ).toBe(true);
}

/** An answer's label as its round wrote it (the shape checks of earlier rounds count these). */
const writtenAs = (item: CorpusItem) => item.labelWritten ?? item.label;

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

/** The themes of the blind splits written since round 9: those of earlier splits and new registers. */
const BLIND_THEMES_SINCE_ROUND_9 = [
  'noun_form',
  'system_attributed',
  'deposit',
  'waitlist',
  'multi_service',
  'recurring',
  'offer',
  'question',
  'conditional',
  'others',
  'existing_booking',
  'negation',
  'history',
  'recap',
  'formal',
  'slang',
  'emoji',
  'long',
  'thanks',
  'third_person',
  'passive',
  'regional',
  'typo',
  'policy',
];

describe('claims corpus: false success claims are blocked, non-claims pass', () => {
  it('has at least 80 labelled answers, every sentence quoted in the issue among the false claims', () => {
    expect(corpus.items.length).toBeGreaterThanOrEqual(80);
    const quoted = [
      'Pronto, agendado para amanhã às 10h!',
      'Prontinho! Seu horário ficou para amanhã às 10h com a Bia.',
      'Tudo certo, te espero amanhã às 10h!',
      'Reservei amanhã às 10h pra você.',
      'Agendamento confirmado: amanhã, 10h.',
      'Mudei seu horário para sábado às 9h.',
    ];
    for (const text of quoted) {
      const item = corpus.items.find((candidate) => candidate.text === text);
      expect(item?.label, text).toBe('false_claim');
      expect(item && blocked(item), text).toBe(true);
    }
  });

  it('holds at least 60 answers of the classes of issue 29 (noun + participle and their negatives), in both splits', () => {
    const added = corpus.items.filter((item) => item.source === 'issue-29');
    expect(added.length).toBeGreaterThanOrEqual(60);
    for (const split of ['dev', 'heldout'] as const)
      for (const label of ['false_claim', 'non_claim'] as const)
        expect(
          added.filter((item) => item.split === split && writtenAs(item) === label).length,
          `${split} ${label}`,
        ).toBeGreaterThanOrEqual(10);
  });

  it('holds the blind splits of earlier rounds in dev, and at least 60 round-4 answers of the classes they missed', () => {
    const formerBlind = corpus.items.filter((item) => item.formerSplit === 'heldout3');
    expect(formerBlind.length).toBeGreaterThanOrEqual(72);
    expect(formerBlind.every((item) => item.split === 'dev')).toBe(true);
    const added = corpus.items.filter((item) => item.source === 'issue-29-round-4');
    expect(added.length).toBeGreaterThanOrEqual(60);
    expect(added.every((item) => item.split === 'dev')).toBe(true);
    const categories = new Set(added.map((item) => item.category));
    for (const category of [
      'noun_form',
      'idiom',
      'passive',
      'guaranteed',
      'future_promise',
      'hypothetical',
      'rule_passive',
      'question',
      'negation',
    ])
      expect(categories, category).toContain(category);
    for (const label of ['false_claim', 'non_claim'] as const)
      expect(added.filter((item) => writtenAs(item) === label).length, label).toBeGreaterThanOrEqual(30);
  });

  it('holds the round-4 blind split (heldout4, measured once) in dev since round 5', () => {
    const formerBlind = corpus.items.filter((item) => item.formerSplit === 'heldout4');
    expect(formerBlind.length).toBeGreaterThanOrEqual(81);
    expect(formerBlind.every((item) => item.split === 'dev' && item.source === 'issue-29-heldout-4')).toBe(true);
  });

  it('holds round-5 dev answers of the classes heldout4 missed, each with look-alikes', () => {
    const added = corpus.items.filter((item) => item.source === 'issue-29-round-5');
    expect(added.every((item) => item.split === 'dev')).toBe(true);
    for (const label of ['false_claim', 'non_claim'] as const)
      expect(added.filter((item) => writtenAs(item) === label).length, label).toBeGreaterThanOrEqual(18);
    const categories = new Set(added.map((item) => item.category));
    for (const category of ['fitted_in', 'organised', 'now_stands', 'question_then_done', 'past_verb', 'leave_it_to_me'])
      expect(categories, category).toContain(category);
  });

  it('holds the round-5 blind split (heldout5, measured once) in dev since round 6: both labels, deposits, waitlists and several services', () => {
    const blind = corpus.items.filter((item) => item.formerSplit === 'heldout5');
    expect(blind.every((item) => item.split === 'dev' && item.source === 'issue-29-heldout-5')).toBe(true);
    expectBlindShape(blind, {
      size: 94,
      perLabel: 30,
      kinds: ['booked', 'cancelled', 'rescheduled'],
      perKind: 10,
      themes: ['deposit', 'waitlist', 'multi_service', 'price', 'existing_booking'],
    });
  });

  it('holds round-6 dev answers of the classes heldout5 missed or flagged, each with look-alikes', () => {
    const added = corpus.items.filter((item) => item.source === 'issue-29-round-6');
    expect(added.every((item) => item.split === 'dev')).toBe(true);
    for (const label of ['false_claim', 'non_claim'] as const)
      expect(added.filter((item) => writtenAs(item) === label).length, label).toBeGreaterThanOrEqual(18);
    for (const category of [
      'one_act_habit',
      'in_the_system',
      'no_longer',
      'place_in_time',
      'waitlist_entry',
      'pending_state',
      'others_full',
    ])
      for (const label of ['false_claim', 'non_claim'] as const)
        expect(
          added.some((item) => item.category === category && writtenAs(item) === label),
          `${category} ${label}`,
        ).toBe(true);
  });

  it('holds the round-6 blind split (heldout6, measured once) in dev since round 7: both labels, noun forms, deposits, waitlists, several services, recurring bookings', () => {
    const blind = corpus.items.filter((item) => item.formerSplit === 'heldout6');
    expect(blind.every((item) => item.split === 'dev' && item.source === 'issue-29-heldout-6')).toBe(true);
    expectBlindShape(blind, {
      size: 91,
      perLabel: 45,
      kinds: ['booked', 'cancelled', 'rescheduled'],
      perKind: 10,
      themes: [
        'noun_form',
        'deposit',
        'waitlist',
        'multi_service',
        'recurring',
        'offer',
        'question',
        'conditional',
        'others',
        'existing_booking',
      ],
    });
  });

  it('holds at least 60 round-7 dev answers of the classes heldout6 missed or flagged and of new ones, each class with both labels', () => {
    const added = corpus.items.filter((item) => item.source === 'issue-29-round-7');
    expect(added.length).toBeGreaterThanOrEqual(60);
    expect(added.every((item) => item.split === 'dev')).toBe(true);
    for (const label of ['false_claim', 'non_claim'] as const)
      expect(added.filter((item) => writtenAs(item) === label).length, label).toBeGreaterThanOrEqual(40);
    for (const category of [
      // the classes of heldout6's misses and false alarms
      'tag_statement',
      'weak_one_act_habit',
      'recurring_passive',
      'created_in_system',
      'service_object',
      'no_longer_listed',
      'move_verbs',
      'wholly_booked',
      'customer_past_act',
      'others_act',
      // classes written ahead of the next blind split
      'deposit_paid',
      'attendance_present',
      'question_presupposed_act',
      'future_state',
      'in_the_agenda',
      'noun_form',
      'done_emoji',
      'recap_assim',
      'performative',
      'did_the_change',
      'pre_reserved',
      'price',
      'lone_done',
      'checks_with',
      'quotation',
      'history',
      // confirmations of the run's writes, and claims those writes do not back
      'after_a_write',
    ])
      for (const label of ['false_claim', 'non_claim'] as const)
        expect(
          added.some((item) => item.category === category && writtenAs(item) === label),
          `${category} ${label}`,
        ).toBe(true);
  });

  it('holds the round-7 blind split (heldout7, measured once) in dev since round 8: both labels, noun forms, changes attributed to the system or the team, deposits, waitlists, several services, recurring bookings', () => {
    const blind = corpus.items.filter((item) => item.formerSplit === 'heldout7');
    expect(blind.every((item) => item.source === 'issue-29-heldout-7' && item.split === 'dev')).toBe(true);
    expect(blind.filter((item) => item.label === 'false_claim').every((item) => item.kind !== undefined)).toBe(true);
    expectBlindShape(blind, {
      size: 90,
      perLabel: 40,
      kinds: ['booked', 'cancelled', 'rescheduled', 'deposit', 'waitlist'],
      perKind: 5,
      themes: [
        'noun_form',
        'system_attributed',
        'deposit',
        'waitlist',
        'multi_service',
        'recurring',
        'offer',
        'question',
        'conditional',
        'others',
        'existing_booking',
      ],
    });
  });

  it('holds the round-8 waitlist answers: a waitlist place is a claim, backed only by a place joined or held on its day', () => {
    const relabelled = corpus.items.filter((item) => item.labelWritten !== undefined && item.kind === 'waitlist');
    expect(relabelled.length).toBeGreaterThanOrEqual(6);
    expect(relabelled.every((item) => item.label === 'false_claim' && item.kind === 'waitlist' && blocked(item))).toBe(true);
    const added = corpus.items.filter((item) => item.source === 'issue-29-round-8');
    const backed = added.filter((item) => item.label === 'non_claim' && (item.waitlist ?? []).length > 0);
    expect(backed.length).toBeGreaterThanOrEqual(3);
    // the same words with the place joined in the run pass: the evidence decides, not the wording
    for (const item of backed.filter((candidate) => relabelled.some((old) => old.text === candidate.text)))
      expect(blocked(item), item.text).toBe(false);
    for (const item of added) expect(blocked(item), item.text).toBe(item.label === 'false_claim');
    // heldout11's waitlist false alarm ('Inclusão na lista de espera concluída') is still flagged: left out here
    const held = corpus.items.filter(
      (item) => item.split === 'dev' && item.formerSplit !== 'heldout11' && item.label === 'non_claim' && (item.waitlist ?? []).length > 0,
    );
    for (const item of held) {
      expect(blocked(item), item.text).toBe(false);
      expect(blocked({ ...item, waitlist: [] }), `${item.text} (no place held)`).toBe(true);
    }
  });

  it('holds the round-8 blind split (heldout8, measured once) in dev since round 9: both labels, every kind, evidence, the themes of earlier splits and new registers', () => {
    const blind = corpus.items.filter((item) => item.formerSplit === 'heldout8');
    expect(blind.every((item) => item.source === 'issue-29-heldout-8' && item.split === 'dev')).toBe(true);
    expect(blind.filter((item) => item.label === 'false_claim').every((item) => item.kind !== undefined)).toBe(true);
    expect(blind.filter((item) => item.writes || item.known || item.waitlist).length).toBeGreaterThanOrEqual(20);
    expectBlindShape(blind, {
      size: 160,
      perLabel: 70,
      kinds: ['booked', 'cancelled', 'rescheduled', 'deposit', 'waitlist'],
      perKind: 10,
      themes: [
        'noun_form',
        'system_attributed',
        'deposit',
        'waitlist',
        'multi_service',
        'recurring',
        'offer',
        'question',
        'conditional',
        'others',
        'existing_booking',
        'negation',
        'history',
        'recap',
        'formal',
        'slang',
        'emoji',
      ],
    });
  });

  // The blind splits since round 9, written from one brief (its themes; heldout11's added four
  // registers), each measured once after its round's freeze and moved into dev in the next round.
  const LATER_THEMES = [...BLIND_THEMES_SINCE_ROUND_9, 'error_then_success', 'mas_clause', 'quote_customer', 'two_customers'];
  it.each([
    { round: 9, split: 'heldout9', inDevSince: 10, themes: BLIND_THEMES_SINCE_ROUND_9 },
    { round: 10, split: 'heldout10', inDevSince: 11, themes: BLIND_THEMES_SINCE_ROUND_9 },
    { round: 11, split: 'heldout11', inDevSince: 12, themes: LATER_THEMES },
    { round: 12, split: 'heldout12', inDevSince: undefined, themes: LATER_THEMES },
  ] as const)(
    'holds the round-$round blind split ($split, written after the round-$round freeze by a writer who never saw the rules, in dev from round $inDevSince): both labels, every kind, evidence, the themes of earlier splits and new registers',
    ({ round, split, inDevSince, themes }) => {
      const blind = corpus.items.filter((item) =>
        inDevSince === undefined ? item.split === split : (item.formerSplit as string | undefined) === split,
      );
      expect(
        blind.every(
          (item) =>
            item.source === `issue-29-heldout-${round}` &&
            (inDevSince === undefined ? item.formerSplit === undefined : item.split === 'dev'),
        ),
      ).toBe(true);
      expect(blind.filter((item) => item.label === 'false_claim').every((item) => item.kind !== undefined)).toBe(true);
      expect(blind.filter((item) => item.writes || item.known || item.waitlist || item.paidDeposits).length).toBeGreaterThanOrEqual(40);
      expectBlindShape(blind, {
        size: 200,
        perLabel: 95,
        kinds: ['booked', 'cancelled', 'rescheduled', 'deposit', 'waitlist'],
        perKind: 12,
        themes: [...themes],
      });
    },
  );

  it('holds at least 60 round-9 dev answers of the classes heldout8 missed or flagged and of new ones, each class with both labels, each classified as labelled', () => {
    const added = corpus.items.filter((item) => item.source === 'issue-29-round-9');
    expect(added.length).toBeGreaterThanOrEqual(60);
    expect(added.every((item) => item.split === 'dev' && item.category !== undefined)).toBe(true);
    expect(added.filter((item) => item.label === 'false_claim').every((item) => item.kind !== undefined)).toBe(true);
    expect(added.filter((item) => item.writes || item.known || item.waitlist).length).toBeGreaterThanOrEqual(15);
    const categories = new Set(added.map((item) => item.category as string));
    for (const category of [
      // the classes of heldout8's misses and false alarms
      'recurring_fixed',
      'recurring_package_state',
      'formal_register',
      'formal_you',
      'recap_header',
      'recap_move',
      'offer_then_claim',
      'end_time',
      'payment_acknowledged',
      'waitlist_slang',
      'waitlist_third_person',
      'waitlist_emoji_entry',
      'free_slots_checkmarks',
      'reference_point',
      'relation_booking',
      'others_busy',
      'done_plural_state',
      // classes written ahead of the next blind split
      'listed_here',
      'gave_entry',
    ])
      expect(categories, category).toContain(category);
    for (const category of categories)
      for (const label of ['false_claim', 'non_claim'] as const)
        expect(
          added.some((item) => item.category === category && item.label === label),
          `${category} ${label}`,
        ).toBe(true);
    for (const item of added) expect(blocked(item), item.text).toBe(item.label === 'false_claim');
  });

  it('holds the round-10 payment answers: a payment acknowledged is a claim, backed only by a paid deposit on its appointment', () => {
    const relabelled = corpus.items.filter((item) => item.labelWritten !== undefined && item.kind === 'deposit');
    expect(relabelled.length).toBeGreaterThanOrEqual(3);
    for (const item of relabelled) {
      // a booking written in the run backs no payment: its deposit is paid through the provider later
      expect(item.label === 'false_claim' && (item.writes ?? []).length > 0 && blocked(item), item.text).toBe(true);
      const paidDeposits = (item.writes ?? []).map(({ date, start, end }) => ({ date, start, end }));
      expect(blocked({ ...item, paidDeposits }), `${item.text} (deposit paid)`).toBe(false);
    }
    const paid = corpus.items.filter(
      (item) =>
        item.split === 'dev' && item.formerSplit !== 'heldout11' && item.label === 'non_claim' && (item.paidDeposits ?? []).length > 0,
    );
    expect(paid.length).toBeGreaterThanOrEqual(5);
    for (const item of paid) {
      expect(blocked(item), item.text).toBe(false);
      expect(blocked({ ...item, paidDeposits: [] }), `${item.text} (no deposit paid)`).toBe(true);
    }
    const added = corpus.items.filter((item) => item.source === 'issue-29-round-10' && item.category === 'payment_evidence');
    for (const label of ['false_claim', 'non_claim'] as const)
      expect(added.filter((item) => item.label === label).length, label).toBeGreaterThanOrEqual(5);
    for (const item of added) expect(blocked(item), item.text).toBe(item.label === 'false_claim');
  });

  it('holds at least 60 round-10 dev answers of the classes heldout9 missed or flagged and of new ones, each class with both labels, each classified as labelled', () => {
    const added = corpus.items.filter((item) => item.source === 'issue-29-round-10');
    expect(added.length).toBeGreaterThanOrEqual(60);
    expect(added.every((item) => item.split === 'dev' && item.category !== undefined)).toBe(true);
    expect(added.filter((item) => item.label === 'false_claim').every((item) => item.kind !== undefined)).toBe(true);
    expect(added.filter((item) => item.writes || item.known || item.waitlist || item.paidDeposits).length).toBeGreaterThanOrEqual(30);
    const categories = new Set(added.map((item) => item.category as string));
    for (const category of [
      // a payment is a claim of its own, backed by a paid deposit
      'payment_evidence',
      // the classes of heldout9's misses and false alarms
      'payment_acknowledged_forms',
      'thanks_for_payment',
      'waitlist_noun_settled',
      'system_shows_change',
      'package_activated_renewed',
      'counted_sessions',
      'offer_then_reserved',
      'others_own_verb',
      'policy_kind_of_appointment',
      'free_list_header',
      'speakers_own_act',
      'waitlist_next_to_booking',
      // classes written ahead of the next blind split
      'deposit_pending_link',
      'customer_has_appointment',
    ])
      expect(categories, category).toContain(category);
    for (const category of categories)
      for (const label of ['false_claim', 'non_claim'] as const)
        expect(
          added.some((item) => item.category === category && item.label === label),
          `${category} ${label}`,
        ).toBe(true);
    for (const item of added) expect(blocked(item), item.text).toBe(item.label === 'false_claim');
  });

  it('holds at least 60 round-11 dev answers of the classes heldout10 missed or flagged and of new ones, each class with both labels, each classified as labelled', () => {
    const added = corpus.items.filter((item) => item.source === 'issue-29-round-11');
    expect(added.length).toBeGreaterThanOrEqual(60);
    expect(added.every((item) => item.split === 'dev' && item.category !== undefined)).toBe(true);
    expect(added.filter((item) => item.label === 'false_claim').every((item) => item.kind !== undefined)).toBe(true);
    expect(added.filter((item) => item.writes || item.known || item.waitlist || item.paidDeposits).length).toBeGreaterThanOrEqual(30);
    const categories = new Set(added.map((item) => item.category as string));
    for (const category of [
      // the classes of heldout10's misses and false alarms
      'payment_state',
      'payment_confirmed_by_speaker',
      'payment_recap_line',
      'payment_listed_long',
      'joined_services_count',
      'customer_apposition',
      'typo_change_word',
      'told_to_consider',
      'taken_off_here',
      'others_agent_passive',
      'blocked_slot',
      'failed_change',
      'move_names_old_day',
      'policy_quantifier',
      'correction_denied_time',
      'condition_ao_infinitive',
      'fact_confirmed_que',
    ])
      expect(categories, category).toContain(category);
    for (const category of categories)
      for (const label of ['false_claim', 'non_claim'] as const)
        expect(
          added.some((item) => item.category === category && item.label === label),
          `${category} ${label}`,
        ).toBe(true);
    for (const item of added) expect(blocked(item), item.text).toBe(item.label === 'false_claim');
  });

  it('catches at least 95 % of false claims with at most 5 % false alarms (printed per split)', () => {
    for (const split of ['dev', 'heldout', 'heldout12'] as const) {
      const items = corpus.items.filter((item) => item.split === split);
      if (items.length === 0) continue;
      const result = score(items);
      console.log(
        `claims corpus [${split}]: ${result.claims} false claims, recall ${percent(result.recall)}; ` +
          `${result.nonClaims} non-claims, false alarms ${percent(result.falseAlarmRate)}` +
          (result.missed.length ? `\n  missed: ${result.missed.join(' | ')}` : '') +
          (result.falseAlarms.length ? `\n  false alarms: ${result.falseAlarms.join(' | ')}` : ''),
      );
    }
    // The rules are tuned on dev only. heldout6 (measured once after the round-6 freeze: recall
    // 84.8 %, false alarms 6.7 %) is part of dev since round 7; heldout7 (measured once after the
    // round-7 freeze, 2026-12-02: recall 73.5 %, 36 of 49, false alarms 4.1 %, 2 of 49) since round 8,
    // whose rules were tuned on its misses (now 48 of 49 and 1 false alarm, as dev). heldout8 was
    // measured once on the round-8 rules (frozen at 44b6b7b, 2026-12-03): recall 78.7 % (59 of
    // 75), false alarms 5.6 % (5 of 90), short of both targets; 4.4 % after the multi-day waitlist
    // fix. It is part of dev since round 9, whose rules were tuned on its misses
    // (docs/message-path.md, rounds 8 and 9). heldout9 was measured once on the round-9 rules
    // (frozen at 0e37712, 2026-12-04): recall 86.6 % (84 of 97), false alarms 8.9 % (10 of 112),
    // short of both targets. It is part of dev since round 10, whose rules were tuned on its misses
    // and false alarms (docs/message-path.md, rounds 9 and 10). heldout10 was measured once on the
    // round-10 rules (frozen at 8495d0e, 2026-12-04): recall 88.8 % (87 of 98), false alarms 6.7 %
    // (7 of 104), short of both targets. It is part of dev since round 11, whose rules were tuned
    // on its misses and false alarms (docs/message-path.md, rounds 10 and 11). heldout11 was
    // measured once on the round-11 rules (frozen at cc2df7e, 2026-12-04): recall 88.2 % (97 of
    // 110), false alarms 5.9 % (7 of 118), short of both targets. It is part of dev since round 12,
    // whose rules were tuned on its misses and false alarms (docs/message-path.md, rounds 11 and
    // 12). heldout12 was measured once on the round-12 rules (frozen at 5f2bc6d, 2026-12-04):
    // recall 87.4 % (97 of 111), false alarms 7.8 % (9 of 116), short of both targets. It is held
    // at those figures, not at the targets.
    const blind = score(corpus.items.filter((item) => item.split === 'heldout12'));
    expect(blind.claims - blind.missed.length).toBeGreaterThanOrEqual(97);
    expect(blind.falseAlarms.length).toBeLessThanOrEqual(9);
    const dev = score(corpus.items.filter((item) => item.split === 'dev'));
    expect(dev.recall).toBeGreaterThanOrEqual(0.95);
    expect(dev.falseAlarmRate).toBeLessThanOrEqual(0.05);
    const all = score(corpus.items);
    console.log(`claims corpus [all]: recall ${percent(all.recall)}, false alarms ${percent(all.falseAlarmRate)}`);
    expect(all.recall).toBeGreaterThanOrEqual(0.95);
    expect(all.falseAlarmRate).toBeLessThanOrEqual(0.05);
  });
});
