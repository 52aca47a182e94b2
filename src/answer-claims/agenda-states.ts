import { type ChangeKind, settledVerbOf, type VerbHit } from './change-verbs.js';
import { clauseAround, POSSESSIVES } from './claim-idioms.js';
import { APPOINTMENT_NOUNS, UNSETTLED_STATES } from './claim-nouns.js';

/**
 * Where the customer stands in the agenda without a verb of change: gone from it ("não consta
 * mais"), pending, or looking at other customers' bookings. Each detector
 * looks at one position of a sentence's tokens.
 */

/** The copulas of "não está mais agendado", "não consta mais", "não fica mais marcado". */
const STILL_COPULAS = new Set(['esta', 'ta', 'estao', 'tao', 'consta', 'constam', 'fica', 'ficou', 'ficam', 'aparece', 'aparecem']);
/** Where an appointment is listed: "na sua agenda", "no sistema". */
const LISTINGS = new Set(['agenda', 'sistema']);

/**
 * "o banho do Thor não está mais agendado", "a aula de quinta já não consta mais na sua agenda":
 * a booking participle or the agenda, denied with "não … mais", states that the appointment is
 * gone, a cancellation ("não está agendado" alone denies a booking; "não está mais disponível"
 * names no booking). index is the word after "mais".
 */
export function noLongerAt(tokens: readonly string[], index: number): ChangeKind | null {
  if (tokens[index - 1] !== 'mais') return null;
  // "não consta mais", and the future "não vai constar mais"
  const futureCopula = STILL_INFINITIVES.has(tokens[index - 2] as string) && (tokens[index - 3] === 'vai' || tokens[index - 3] === 'vao');
  if (!STILL_COPULAS.has(tokens[index - 2] as string) && !futureCopula) return null;
  const beforeCopula = futureCopula ? index - 4 : index - 3;
  const denied = tokens[beforeCopula] === 'nao' || (tokens[beforeCopula] === 'ja' && tokens[beforeCopula - 1] === 'nao');
  if (!denied) return null;
  const verb = settledVerbOf(tokens[index] as string);
  if (verb?.kind === 'booked' && verb.strong) return 'cancelled';
  // "não vai constar mais nada no seu nome": nothing is listed for the customer any more
  const at = tokens[index] === 'nada' ? index + 1 : index;
  const listed = tokens
    .slice(at, at + 3)
    .some((token, offset) => LISTINGS.has(token) || (token === 'nome' && POSSESSIVES.has(tokens[at + offset - 1] as string)));
  return (tokens[at] === 'na' || tokens[at] === 'no') && listed ? 'cancelled' : null;
}

/** The infinitives of the copulas above, after "vai"/"vão": "não vai constar mais". */
const STILL_INFINITIVES = new Set(['estar', 'constar', 'ficar', 'aparecer']);
/** "deixou de existir", "deixou de constar": what stopped being there. */
const CEASED = new Set(['existir', 'constar', 'estar', 'aparecer', 'valer']);

/**
 * "Sua consulta do dia 10 deixou de existir na nossa agenda": an appointment that stopped being
 * there, a cancellation, when the sentence names an appointment or the agenda (index is "deixou").
 */
export function ceasedAt(tokens: readonly string[], index: number): ChangeKind | null {
  if (tokens[index] !== 'deixou' && tokens[index] !== 'deixaram') return null;
  if (tokens[index + 1] !== 'de' || !CEASED.has(tokens[index + 2] as string)) return null;
  const named = tokens.some((token) => APPOINTMENT_NOUNS.has(token) || LISTINGS.has(token));
  return named ? 'cancelled' : null;
}

/** The past of taking something off a list (not "tiramos"/"excluímos": present and past are spelled alike). */
const TOOK_OFF = new Set([
  'risquei',
  'riscou',
  'tirei',
  'tirou',
  'retirei',
  'retirou',
  'removi',
  'removeu',
  'apaguei',
  'apagou',
  'excluiu',
]);

/**
 * "a recepção já riscou seu nome da agenda de quinta", "tirei você do sistema": taken off the
 * agenda, a cancellation; the agenda within five words after the verb ("tirei seu nome da lista de
 * espera" takes nobody off the agenda).
 */
export function takenOffTheAgendaAt(tokens: readonly string[], index: number): ChangeKind | null {
  if (!TOOK_OFF.has(tokens[index] as string)) return null;
  const after = tokens.slice(index + 1, index + 6);
  // "já tirei daqui": "here" is the agenda the speaker keeps
  const off =
    after[0] === 'daqui' || after.some((token, at) => (token === 'da' || token === 'do') && LISTINGS.has(after[at + 1] as string));
  return off ? 'cancelled' : null;
}

/** "a reserva fica pendente até…", "ficou aguardando o sinal", "fica em aberto": a state that settles nothing yet. */
export function unsettledStateAt(tokens: readonly string[], index: number): boolean {
  const token = tokens[index] as string;
  if (!token.startsWith('fic') && !token.startsWith('fiqu')) return false;
  let next = index + 1;
  if (tokens[next] === 'ainda') next++;
  if (tokens[next] === 'em') next++;
  return UNSETTLED_STATES.has(tokens[next] as string);
}

/** "o valor fica R$ 80", "o corte ficou por R$ 50": a state that is a price, no booking. */
export function statesAPriceAt(tokens: readonly string[], index: number): boolean {
  const token = tokens[index] as string;
  if (!token.startsWith('fic') && !token.startsWith('fiqu')) return false;
  const next = tokens[index + 1] === 'por' || tokens[index + 1] === 'em' ? index + 2 : index + 1;
  return tokens[next] === 'r' && /^\d/.test(tokens[next + 1] ?? '');
}

/** "já foi reservado por outra cliente", "marcado por alguém": a booking someone else made. */
const OTHER_AGENTS = new Set(['outra', 'outro', 'outras', 'outros', 'alguem', 'ela', 'ele', 'elas', 'eles']);
const ALL_OF_THEM = new Set(['todos', 'todas']);
/** "sábado tá todo reservado", "a sexta está totalmente ocupada": the whole of a day or an agenda. */
const WHOLLY = new Set(['todo', 'toda', 'totalmente', 'completamente', 'inteiramente', 'inteiro', 'inteira']);
const GENERIC_PLURALS = new Set(['os', 'as']);
export const CUSTOMER_WORDS = new Set([...POSSESSIVES, 'voce', 'vc', 'te', 'lhe', 'tu']);

/**
 * "os horários de dezembro já estão quase todos reservados", "sábado de manhã tá todo
 * reservado": a booking participle that describes how full the agenda is (other customers'
 * bookings), not a change for this customer: after "quase (todos)"; after a singular "todo",
 * "totalmente" with no customer word in its clause; or after "todos" about the slots in general
 * ("os horários", no possessive and no "você" in the sentence). "tá tudo agendado" (everything
 * is done) is a claim.
 */
export function othersBookingsAt(tokens: readonly string[], index: number): boolean {
  const token = tokens[index] as string;
  if (settledVerbOf(token)?.kind !== 'booked') return false;
  if (tokens[index + 1] === 'por' && OTHER_AGENTS.has(tokens[index + 2] as string)) return true;
  const before = tokens[index - 1] as string;
  if (before === 'quase' || (ALL_OF_THEM.has(before) && tokens[index - 2] === 'quase')) return true;
  const wholly = WHOLLY.has(before) || (STILL_COPULAS.has(before) && WHOLLY.has(tokens[index - 2] as string));
  if (wholly) return !clauseAround(tokens, index).some((candidate) => CUSTOMER_WORDS.has(candidate));
  if (!token.endsWith('s') || !ALL_OF_THEM.has(before) || tokens.some((candidate) => CUSTOMER_WORDS.has(candidate))) return false;
  return tokens.some((candidate, at) => GENERIC_PLURALS.has(candidate) && APPOINTMENT_NOUNS.has(tokens[at + 1] as string));
}

/** Words of a free slot: "você tem horário livre às 10h" offers it. */
const FREE = new Set(['livre', 'livres', 'disponivel', 'disponiveis', 'vago', 'vaga']);

/**
 * "Você tem horário sexta às 10h", "vc já tem um agendamento no sábado": the customer stated as
 * having an appointment, a weak booking (it needs a time or a day), unless the slot is a free
 * one. index is "tem".
 */
export function customerHasAt(tokens: readonly string[], index: number): VerbHit | null {
  if (tokens[index] !== 'tem') return null;
  const subject = tokens[index - 1] === 'ja' ? index - 2 : index - 1;
  if (tokens[subject] !== 'voce' && tokens[subject] !== 'vc') return null;
  const noun = tokens[index + 1] === 'um' || tokens[index + 1] === 'uma' ? index + 2 : index + 1;
  if (!APPOINTMENT_NOUNS.has(tokens[noun] as string)) return null;
  return clauseAround(tokens, index).some((token) => FREE.has(token)) ? null : { kind: 'booked', strong: false };
}

/**
 * "o horário de segunda está bloqueado": a slot blocked with nobody's name on it is unavailable;
 * "bloqueei sexta pra você", "seu horário está bloqueado" keep it for the customer.
 */
export function blockedSlotAt(tokens: readonly string[], index: number): boolean {
  const token = tokens[index] as string;
  if (!token.startsWith('bloque') || token.endsWith('ei') || token.endsWith('amos')) return false;
  return !clauseAround(tokens, index).some((candidate) => CUSTOMER_WORDS.has(candidate));
}
