const PARTICIPLE = '(?:agendad|marcad|confirmad|cancelad|desmarcad|remarcad|reagendad)[oa]s?';
const CLAIM_PATTERNS = [
  // "foi agendado", "está confirmada", "ficou marcado", "já cancelei"... but not "não foi agendado"
  new RegExp(
    `(?<!\\bn[ãa]o\\s)\\b(?:foi|foram|est[áa]|est[ãa]o|ficou|ficaram|fica|t[áa]|j[áa])\\s+(?:tudo\\s+|todo\\s+|devidamente\\s+|bem\\s+)?${PARTICIPLE}\\b`,
    'iu',
  ),
  // an exclamation or a line opening with the claim: "Agendado!", "Pronto, confirmado."
  new RegExp(`(?:^|[\\n.!?]\\s*|\\bpronto[,!]?\\s+)${PARTICIPLE}\\s*[!.]`, 'iu'),
  // first person past: "agendei", "marquei", "cancelei", "remarquei"
  /(?<!\bn[ãa]o\s)\b(?:agendei|marquei|confirmei|cancelei|desmarquei|remarquei|reagendei)\b/iu,
];

/**
 * True when an answer tells the customer that something was booked, cancelled or
 * rescheduled while no write tool (agendar/cancelar/remarcar) succeeded in this run. Such
 * an answer is not sent: the model is told and gets another turn. Mentions that are not a
 * claim ("quer que eu deixe agendado?", "não foi marcado") do not count.
 */
export function claimsUnverifiedSuccess(text: string, hasSuccessfulWrite: boolean): boolean {
  if (hasSuccessfulWrite) return false;
  return CLAIM_PATTERNS.some((pattern) => pattern.test(text));
}
