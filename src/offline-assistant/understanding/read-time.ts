import { absent, type Field, type Period, type TimeSpec } from './reading.js';

const pad = (value: number) => String(value).padStart(2, '0');
const clock = (hour: number, minute = 0) => `${pad(hour)}:${pad(minute)}`;

/** The period a start time belongs to, as the scheduling tools split a day. */
export const periodOf = (time: string): Period => (time < '12:00' ? 'manha' : time < '18:00' ? 'tarde' : 'noite');

/** The start times a period covers, [from, to). */
export const PERIOD_WINDOWS: Record<Period, { from: string; to: string; label: string }> = {
  manha: { from: '00:00', to: '12:00', label: 'de manhã' },
  tarde: { from: '12:00', to: '18:00', label: 'à tarde' },
  noite: { from: '18:00', to: '24:00', label: 'à noite' },
};

const NUMBER_WORDS: Record<string, number> = {
  uma: 1,
  duas: 2,
  tres: 3,
  quatro: 4,
  cinco: 5,
  seis: 6,
  sete: 7,
  oito: 8,
  nove: 9,
  dez: 10,
  onze: 11,
};

/**
 * An hour as said: "3 da tarde" → 15; "8 da noite" → 20; a bare 1–7 ("às 3") is read as the
 * afternoon (a salon is not open at 3 a.m.), marked low so the flow shows it before writing.
 */
function hourOf(hour: number, period: string | undefined): { hour: number; confidence: 'high' | 'low' } | null {
  if (hour > 23) return null;
  if ((period === 'tarde' || period === 'noite') && hour < 12) return { hour: hour + 12, confidence: 'high' };
  if (period === 'manha' || period) return { hour, confidence: 'high' };
  if (hour >= 1 && hour <= 7) return { hour: hour + 12, confidence: 'low' };
  return { hour, confidence: 'high' };
}

type Found = { value: TimeSpec; confidence: 'high' | 'low' };
type Rule = [RegExp, (match: RegExpMatchArray) => Found | null];

const P = '(?:\\s+(?:da|de|a|pela)\\s+(manha|tarde|noite))?';
const H = '(\\d{1,2})(?:h|:(\\d{2}))?';

function at(hourText: string | undefined, minuteText: string | undefined, period: string | undefined, halfPast = false): Found | null {
  const hour = hourOf(Number(hourText), period);
  const minute = halfPast ? 30 : minuteText ? Number(minuteText) : 0;
  if (!hour || minute > 59) return null;
  const time = clock(hour.hour, minute);
  return { value: { kind: 'at', time, period: periodOf(time) }, confidence: hour.confidence };
}

function window(from: string, to: string, label: string, confidence: 'high' | 'low' = 'high'): Found {
  return { value: { kind: 'window', from, to, label }, confidence };
}

function bound(hourText: string | undefined, minuteText: string | undefined, period: string | undefined, meal: string | undefined) {
  if (meal) return { time: meal === 'almoco' ? '13:00' : '12:00', confidence: 'high' as const };
  const found = at(hourText, minuteText, period);
  return found?.value.kind === 'at' ? { time: found.value.time, confidence: found.confidence } : null;
}

const RULES: Rule[] = [
  [
    /\b(?:o\s+)?mais cedo (?:possivel|que (?:voce |voces )?(?:tiver|puder|der|tem|tiverem|tenha))\b|\b(?:o )?que (?:tiver|der) (?:mais cedo|primeiro)\b|\bo mais cedo\b|\bprimeiro horario\b|\b(?:o\s+)?quanto antes\b|\bmais rapido possivel\b|\bassim que (?:tiver|der|abrir)\b|\bo mais rapido\b/g,
    () => ({ value: { kind: 'earliest' }, confidence: 'high' }),
  ],
  [
    new RegExp(`\\bentre (?:as\\s+)?${H} e (?:as\\s+)?${H}${P}`, 'g'),
    (match) => {
      const from = at(match[1], match[2], match[5]);
      const to = at(match[3], match[4], match[5]);
      if (from?.value.kind !== 'at' || to?.value.kind !== 'at' || from.value.time >= to.value.time) return null;
      return window(from.value.time, to.value.time, `entre ${from.value.time} e ${to.value.time}`);
    },
  ],
  [
    new RegExp(`\\b(?:depois|a partir|apos|partir)\\s+(?:d[ao]s?\\s+|de\\s+|as\\s+)?(?:${H}${P}|(almoco|meiodia))`, 'g'),
    (match) => {
      const start = bound(match[1], match[2], match[3], match[4]);
      if (!start) return null;
      return window(start.time, '24:00', match[4] === 'almoco' ? 'depois do almoço' : `a partir das ${start.time}`, start.confidence);
    },
  ],
  [
    new RegExp(`\\b(?:antes|ate)\\s+(?:d[ao]s?\\s+|de\\s+|as\\s+)?(?:${H}${P}|(almoco|meiodia))`, 'g'),
    (match) => {
      const end = bound(match[1], match[2], match[3], match[4]);
      return end ? window('00:00', end.time, `antes das ${end.time}`, end.confidence) : null;
    },
  ],
  [/\bmeiodia( e meia)?\b/g, (match) => at('12', match[1] ? '30' : '0', 'manha')],
  [new RegExp(`\\b(\\d{1,2}):(\\d{2})${P}`, 'g'), (match) => at(match[1], match[2], match[3])],
  [new RegExp(`\\b(\\d{1,2})h( e meia)?${P}`, 'g'), (match) => at(match[1], undefined, match[3], Boolean(match[2]))],
  [
    new RegExp(`\\b(?:as|a|umas|pelas|por volta das)\\s+(\\d{1,2})( e meia)?${P}(?![\\d/])`, 'g'),
    (match) => at(match[1], undefined, match[3], Boolean(match[2])),
  ],
  [/\b(\d{1,2})( e meia)?\s+(?:da|de)\s+(manha|tarde|noite)\b/g, (match) => at(match[1], undefined, match[3], Boolean(match[2]))],
  [/\b(\d{1,2}) e meia\b/g, (match) => at(match[1], undefined, undefined, true)],
  [
    /\b(?:no\s+|bem\s+no\s+|mais para o\s+)?(?:fim|final|finalzinho) (?:da|de) tarde\b|\b(?:a|de|na|pela)?\s*tardinha\b/g,
    () => window('16:00', '18:00', 'no fim da tarde'),
  ],
  [/\b(?:no\s+|bem\s+no\s+|mais para o\s+|para o\s+)?(?:fim|final|finalzinho) do dia\b/g, () => window('16:00', '24:00', 'no fim do dia')],
  [/\b(?:no\s+)?(?:inicio|comeco) da tarde\b/g, () => window('12:00', '15:00', 'no começo da tarde')],
  [/\b(?:na\s+)?hora do almoco\b/g, () => window('11:00', '14:00', 'na hora do almoço')],
  [
    /\b(?:de|pela|na|a|no|pelo|durante a|periodo da|parte da)?\s*(manha|tarde|noite)\b/g,
    (match) => {
      const period = PERIOD_WINDOWS[match[1] as Period];
      return window(period.from, period.to, period.label);
    },
  ],
  [/\bcedo\b/g, () => window(PERIOD_WINDOWS.manha.from, PERIOD_WINDOWS.manha.to, PERIOD_WINDOWS.manha.label)],
];

/** Phrases with a period word that are not about time: greetings, "mais tarde". */
const NOT_TIME = /\b(?:bom dia|boa tarde|boa noite|mais tarde|ate mais|tarde demais)\b/g;

/**
 * The time or window a message asks for: "15h", "15:30", "às 3 da tarde" (15:00), "meio-dia",
 * "de manhã" / "de tarde" / "à noite" (windows), "depois das 17h", "antes das 11",
 * "entre 14 e 16", "o mais cedo possível". Greetings ("boa tarde") are not windows. The
 * first rule that matches wins, in the order above (an exact time beats a bare period).
 */
export function readTime(text: string): Field<TimeSpec> {
  const cleaned = text
    .replace(NOT_TIME, ' ')
    .replace(
      /\b(as|a|umas|pelas|das|entre|e)\s+(uma|duas|tres|quatro|cinco|seis|sete|oito|nove|dez|onze)\b/g,
      (_, lead, word) => `${lead} ${NUMBER_WORDS[word]}`,
    );
  const found: { index: number; found: Found; rule: number }[] = [];
  for (const [rule, [pattern, resolve]] of RULES.entries()) {
    for (const match of cleaned.matchAll(pattern)) {
      const value = resolve(match);
      if (value) found.push({ index: match.index ?? 0, found: value, rule });
    }
    if (found.length > 0) break;
  }
  const first = found[0];
  if (!first) return absent;
  return { status: 'found', value: first.found.value, confidence: first.found.confidence };
}
