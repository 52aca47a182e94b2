import type { ClaimKind } from '../shared/index.js';

/** One successful call of a write tool in this run, with the claims its definition says it backs. */
export interface SuccessfulWrite {
  tool: string;
  backs: readonly ClaimKind[];
}

/** Each kind of claim and the words that make it; which tools back it comes from their definitions. */
const CLAIMS: { kind: ClaimKind; stems: string[]; firstPerson: string[] }[] = [
  { kind: 'booked', stems: ['agendad', 'marcad', 'confirmad'], firstPerson: ['agendei', 'marquei', 'confirmei'] },
  { kind: 'cancelled', stems: ['cancelad', 'desmarcad'], firstPerson: ['cancelei', 'desmarquei'] },
  { kind: 'rescheduled', stems: ['remarcad', 'reagendad'], firstPerson: ['remarquei', 'reagendei'] },
];

const NOT_NEGATED = '(?<!\\bn[ãa]o\\s)';

function claimPatterns(stems: readonly string[], firstPerson: readonly string[]): RegExp[] {
  const participle = `(?:${stems.join('|')})[oa]s?`;
  return [
    // "foi agendado", "está confirmada", "ficou marcado", "já cancelado"... but not "não foi agendado"
    new RegExp(
      `${NOT_NEGATED}\\b(?:foi|foram|est[áa]|est[ãa]o|ficou|ficaram|fica|t[áa]|j[áa])\\s+(?:tudo\\s+|todo\\s+|devidamente\\s+|bem\\s+)?${participle}\\b`,
      'iu',
    ),
    // an exclamation or a line opening with the claim: "Agendado!", "Pronto, confirmado."
    new RegExp(`(?:^|[\\n.!?]\\s*|\\bpronto[,!]?\\s+)${participle}\\s*[!.]`, 'iu'),
    // first person past: "agendei", "cancelei", "remarquei"
    new RegExp(`${NOT_NEGATED}\\b(?:${firstPerson.join('|')})\\b`, 'iu'),
  ];
}

const COMPILED = CLAIMS.map((claim) => ({ kind: claim.kind, patterns: claimPatterns(claim.stems, claim.firstPerson) }));

/**
 * True when an answer tells the customer that something was booked, cancelled or
 * rescheduled while no successful write of this run backs that kind of claim (what a tool
 * backs is declared by its definition, never inferred from its name). Such an answer is
 * not sent: the model is told and gets another turn. Mentions that are not a claim ("quer
 * que eu deixe agendado?", "não foi marcado") do not count. The one place that reads the
 * answer's wording: swap this function to change how claims are recognised.
 */
export function claimsUnverifiedSuccess(text: string, successfulWrites: readonly SuccessfulWrite[]): boolean {
  const backed = new Set(successfulWrites.flatMap((write) => write.backs));
  return COMPILED.some((claim) => !backed.has(claim.kind) && claim.patterns.some((pattern) => pattern.test(text)));
}
