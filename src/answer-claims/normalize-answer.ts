/** Marks that say "done" on their own: a check mark, a thumbs-up or a handshake reads as "confirmado". */
const CHECK_MARKS = /[\u2705\u2713\u2714\u2611\u{1F44D}\u{1F44C}\u{1F197}\u{1F91D}]/gu;
/** Everything else pictographic (🙂, 💇‍♀️, 📅) carries no claim and is dropped. */
const PICTOGRAPHS = /\p{Extended_Pictographic}|[\u{1F3FB}-\u{1F3FF}]|\u200d|\ufe0f/gu;

/** Titles written abbreviated before a name: "Dr.", "Dra.", "Sr.", "Sra.", "Srta.", "Prof.", "Profa.". */
const TITLES = /\b(Dr|Dra|Sr|Sra|Srta|Prof|Profa)\.(?=\s*\p{Lu})/gu;

/** "V.Sa.", "V. Exa.": the formal "you", written abbreviated. */
const FORMAL_YOU = /\bV\.\s?(?:Sa|S\.a|Exa|Ex\.a)\.?/g;

/** "encontra-se", "considera-se": the enclitic reflexive is no "se" of a condition. */
const ENCLITIC_SE = /(\p{L})-se\b/gu;

/** " — ", " – ", " - ": a dash between words breaks a clause, like a comma. */
const CLAUSE_DASH = /\s[—–-]\s/g;

/** Short quoted passages: "…", “…”, «…». */
const QUOTATIONS = /["“«][^"“”«»\n]{1,60}["”»]/g;

export interface AnswerSentence {
  /** accent-free, lower-case words and numbers, in order */
  tokens: string[];
  /** the sentence ends with a question mark */
  question: boolean;
  /** the original text, for logs and the model's note */
  original: string;
}

/**
 * Splits an answer into sentences (at `.`, `!`, `?`, `;` and line breaks, but not inside
 * "10:30" or "02/12") and each sentence into accent-free lower-case tokens. A check-mark
 * emoji becomes the token `__check__`; other emoji are dropped. Times keep their digits
 * together ("10h30", "10:30" → `10:30`) so the time grammar sees them whole.
 */
export function splitAnswer(text: string): AnswerSentence[] {
  const prepared = text
    .replace(CHECK_MARKS, ' __check__ ')
    .replace(PICTOGRAPHS, ' ')
    // "Você escreveu "cancelado", é isso?": a quotation is the customer's words, not a statement of the answer
    .replace(QUOTATIONS, ' ')
    // "10.30h" is a time, not the end of a sentence
    .replace(/(\d{1,2})\.(\d{2})\s*h/g, '$1:$2')
    // "com a Dra. Ana", "Sr. Roberto": a title's abbreviation does not end the sentence
    .replace(TITLES, '$1')
    .replace(FORMAL_YOU, 'você')
    .replace(ENCLITIC_SE, '$1')
    .replace(CLAUSE_DASH, ' , ');
  const sentences: AnswerSentence[] = [];
  for (const match of prepared.matchAll(/[^.!?;\n]+(?:[.!?;\n]+|$)|[.!?;\n]+/g)) {
    const raw = match[0];
    const tokens = tokenize(raw);
    if (tokens.length === 0) continue;
    sentences.push({ tokens, question: /\?/.test(raw), original: raw.trim() });
  }
  return sentences;
}

/** Lower case, accents removed ("às" → "as", "horário" → "horario"). */
export function foldAccents(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

function tokenize(raw: string): string[] {
  const folded = foldAccents(raw)
    // "10h30", "10h", "10:30", "10.30h" → one time token "10:30" / "10:00"
    .replace(/\b(\d{1,2})\s*(?:h|:|hs|hrs)\s*(\d{2})\b\s*(?:h|hs|min)?/g, ' $1:$2 ')
    .replace(/\b(\d{1,2})\s*(?:h|hs|hrs|horas?)\b/g, ' $1:00 ');
  return folded.match(/__check__|[,:]|\d{1,2}:\d{2}|\d{1,2}\/\d{1,2}(?:\/\d{2,4})?|[a-z0-9]+/g) ?? [];
}
