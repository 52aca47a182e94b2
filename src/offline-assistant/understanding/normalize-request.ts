/**
 * The text as the reader parses it: lower case, no accents, no emoji or punctuation
 * (except `:` and `/` inside dates and times), WhatsApp spellings mapped to words ("hj" →
 * "hoje", "amanha", "vc" → "voce", "sab" → "sabado") and times in one shape ("15hrs",
 * "15 horas" → "15h"; "15h30", "15.30" → "15:30"), a letter repeated at the end of a word
 * once ("obrigadaaa" → "obrigada").
 */
export function normalizeRequest(text: string): string {
  const plain = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u200d|\ufe0f/gu, ' ')
    .replace(/\bp\/\s*/g, 'para ')
    .replace(/\bc\/\s*/g, 'com ')
    .replace(/(\d)\.(\d{2})\b/g, '$1:$2')
    .replace(/[^a-z0-9:/ ]+/g, ' ');
  const words = plain
    // "obrigadaaa", "simmm", "oii": a letter held down at the end of a word.
    .replace(/([a-z])\1+\b/g, '$1')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => SPELLINGS[word] ?? word)
    .join(' ');
  return words
    .replace(/\b(\d{1,2}) ?(?:h|hs|hr|hrs|hora|horas|hras|oras)\b/g, '$1h')
    .replace(/\b(\d{1,2})h ?(\d{2}) ?(?:min|m)?\b/g, '$1:$2')
    .replace(/\b(\d{1,2}:\d{2}) ?(?:h|hs|hrs|horas)\b/g, '$1')
    .replace(/\b(segunda|terca|quarta|quinta|sexta) feira\b/g, '$1')
    .replace(/\bmeio dia\b/g, 'meiodia')
    .replace(/\s+/g, ' ')
    .trim();
}

/** How customers type words on WhatsApp → the word the reader knows. */
const SPELLINGS: Record<string, string> = {
  hj: 'hoje',
  hje: 'hoje',
  hoj: 'hoje',
  amanh: 'amanha',
  amnh: 'amanha',
  amnha: 'amanha',
  amh: 'amanha',
  amanah: 'amanha',
  amana: 'amanha',
  amanhan: 'amanha',
  amenha: 'amanha',
  manhan: 'manha',
  dps: 'depois',
  dpois: 'depois',
  vc: 'voce',
  vcs: 'voces',
  voc: 'voce',
  q: 'que',
  pq: 'porque',
  tb: 'tambem',
  tbm: 'tambem',
  pra: 'para',
  pro: 'para',
  pras: 'para as',
  pr: 'para',
  td: 'tudo',
  hr: 'horario',
  horaio: 'horario',
  orario: 'horario',
  hrario: 'horario',
  horarios: 'horario',
  seg: 'segunda',
  qua: 'quarta',
  qui: 'quinta',
  sex: 'sexta',
  sext: 'sexta',
  sab: 'sabado',
  sabad: 'sabado',
  sabdo: 'sabado',
  dom: 'domingo',
  proxima: 'proximo',
  prox: 'proximo',
  prx: 'proximo',
  tard: 'tarde',
  noit: 'noite',
  mnh: 'manha',
  manhzinha: 'manha',
  cedinho: 'cedo',
  agnd: 'agendar',
  agendamento: 'agendar',
  marca: 'marcar',
  cancelamento: 'cancelar',
  desmarca: 'desmarcar',
  pfv: 'por favor',
  pf: 'por favor',
  pls: 'por favor',
  obg: 'obrigado',
  obgd: 'obrigado',
  msm: 'mesmo',
  blz: 'beleza',
  mt: 'muito',
  mto: 'muito',
  qro: 'quero',
  qria: 'queria',
  kero: 'quero',
  keria: 'queria',
  tah: 'esta',
  ta: 'esta',
  eh: 'e',
  nd: 'nada',
  n: 'nao',
  naum: 'nao',
  fds: 'fim de semana',
};
