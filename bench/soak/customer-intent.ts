/** What the scripted model understood from the customer's text. */
export type CustomerIntent =
  | { kind: 'human' }
  | { kind: 'cancel' }
  | { kind: 'list' }
  | { kind: 'book'; professional?: string; service: string; date?: string; time?: string }
  | { kind: 'waitlist'; service: string; date?: string }
  | { kind: 'thanks' }
  | { kind: 'greeting' };

/**
 * A keyword reading of pt-BR scheduling requests, strong enough for the soak's scripted
 * customers ("Queria marcar um corte com a Ana dia 01/12 às 10h"). The most specific wish
 * wins when a burst mixes several ("oi" + "queria marcar …").
 * `today` is the tenant's local date (YYYY-MM-DD), used to put a year on "dd/mm".
 */
export function readCustomerIntent(text: string, today: string): CustomerIntent {
  const lower = text.toLowerCase();
  if (/atendente|humano|falar com (uma )?pessoa/.test(lower)) return { kind: 'human' };
  if (/me avisa|lista de espera/.test(lower)) {
    return { kind: 'waitlist', service: /colora/.test(lower) ? 'Coloração' : 'Corte', date: readDate(lower, today) };
  }
  if (/cancel|desmarc/.test(lower)) return { kind: 'cancel' };
  if (/marcar|agendar|hor[aá]rio (com|para|pra)/.test(lower)) {
    const professional = /\b(ana|bia)\b/.exec(lower)?.[1];
    return {
      kind: 'book',
      professional: professional ? professional[0]!.toUpperCase() + professional.slice(1) : undefined,
      service: /colora/.test(lower) ? 'Coloração' : 'Corte',
      date: readDate(lower, today),
      time: readTime(lower),
    };
  }
  if (/meus agendamentos|meus hor[aá]rios|tenho (algum )?hor[aá]rio|o que (eu )?tenho marcado/.test(lower)) return { kind: 'list' };
  if (/obrigad|valeu/.test(lower)) return { kind: 'thanks' };
  return { kind: 'greeting' };
}

function readDate(text: string, today: string): string | undefined {
  const match = /\b(\d{1,2})\/(\d{1,2})\b/.exec(text);
  if (!match) return undefined;
  const [year, month] = today.split('-').map(Number) as [number, number];
  const wantedMonth = Number(match[2]);
  const wantedYear = wantedMonth < month ? year + 1 : year;
  return `${wantedYear}-${String(wantedMonth).padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
}

function readTime(text: string): string | undefined {
  const match = /\b(\d{1,2})(?:h|:)(\d{2})?\b/.exec(text.replace(/\d{1,2}\/\d{1,2}/g, ''));
  if (!match) return undefined;
  return `${match[1]!.padStart(2, '0')}:${match[2] ?? '00'}`;
}

/** Today's date (YYYY-MM-DD) in an IANA time zone. */
export function localDate(timeZone: string, at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
