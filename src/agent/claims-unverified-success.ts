/** Each kind of claim, the words that make it, and the write tools whose success backs it. */
const CLAIMS = [
  { stems: ['agendad', 'marcad', 'confirmad'], firstPerson: ['agendei', 'marquei', 'confirmei'], backedBy: ['agendar', 'remarcar'] },
  { stems: ['cancelad', 'desmarcad'], firstPerson: ['cancelei', 'desmarquei'], backedBy: ['cancelar', 'remarcar'] },
  { stems: ['remarcad', 'reagendad'], firstPerson: ['remarquei', 'reagendei'], backedBy: ['remarcar'] },
] as const;

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

const COMPILED = CLAIMS.map((claim) => ({ patterns: claimPatterns(claim.stems, claim.firstPerson), backedBy: claim.backedBy }));

/**
 * True when an answer tells the customer that something was booked, cancelled or
 * rescheduled while no write tool that could have done it (agendar / cancelar / remarcar)
 * succeeded in this run. Such an answer is not sent: the model is told and gets another
 * turn. Mentions that are not a claim ("quer que eu deixe agendado?", "não foi marcado")
 * do not count.
 */
export function claimsUnverifiedSuccess(text: string, successfulWrites: ReadonlySet<string>): boolean {
  return COMPILED.some(
    (claim) => !claim.backedBy.some((tool) => successfulWrites.has(tool)) && claim.patterns.some((pattern) => pattern.test(text)),
  );
}
