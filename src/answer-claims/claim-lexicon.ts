/**
 * The words around a change verb that decide whether a sentence states it as done: habits,
 * conditions, attendance, and the words that suspend a statement (offers, questions,
 * conditions, availability, intention, negation). Accent-free and lower case. The nouns and
 * "done" marks that support a statement are in claim-nouns.ts.
 */
/** "toda segunda", "todos os dias": a habit or a rule of the business, not a change. */
export const HABIT_MARKS = new Set(['toda', 'todas', 'todo', 'todos', 'sempre', 'diariamente', 'semanalmente']);
/** What a habit mark ranges over: "toda segunda às 8h", "todo dia", "todas as manhãs". */
export const HABIT_UNITS = new Set([
  'segunda',
  'terca',
  'quarta',
  'quinta',
  'sexta',
  'sabado',
  'domingo',
  'dia',
  'dias',
  'semana',
  'semanas',
  'mes',
  'manha',
  'manhas',
  'tarde',
  'tardes',
  'noite',
  'noites',
]);

/** "fica confirmado", "será feito": present or future of the copula, a rule or a promise when a condition follows. */
export const COPULAS_OF_A_RULE = new Set(['fica', 'ficam', 'ficara', 'ficarao', 'sera', 'serao', 'ficaria', 'ficar', 'estar']);
/** Words that open a condition clause ("assim que", "depois que", "logo que", "quando", "se", "caso"). */
export const CONDITION_OPENERS = new Set(['assim', 'depois', 'logo', 'quando', 'se', 'caso', 'apos', 'enquanto']);

/** "te espero", "nos vemos", "até amanhã": the answer expects the customer to come. */
export const ATTENDANCE_VERBS = new Set([
  'espero',
  'esperamos',
  'esperando',
  'aguardo',
  'aguardamos',
  'aguardando',
  'vemos',
  'vejo',
  'recebemos',
  'venha',
  'apareca',
]);
/**
 * "a Bia te espera sexta às 10h", "o Léo vai te atender às 16h", "você vem domingo às 10h": present
 * forms that expect the customer only right after them ("te", "lhe", "você"); "lista de espera",
 * "a Bia atende às 10h" (availability) do not.
 */
export const ATTENDANCE_WITH_OBJECT = new Set([
  'espera',
  'esperam',
  'aguarda',
  'aguardam',
  'atende',
  'atender',
  'recebe',
  'receber',
  'vem',
]);
export const OBJECTS_BEFORE = new Set(['te', 'lhe']);
/** An attendance verb is about the customer coming only next to them: "te espero", "esperamos você", "nos vemos". */
export const ATTENDANCE_OBJECTS = new Set(['te', 'lhe', 'nos', 'os', 'as', 'voce', 'vc', 'por', 'la', 'ai']);
/** "pode vir": an invitation to come, not an offer to choose. */
export const COMING_VERBS = new Set(['vir', 'chegar', 'aparecer', 'comparecer']);

/**
 * Words of availability: "tenho 10h livre", "há vagas", "duas opções". They suspend the rest of
 * a sentence (what is free is offered), and in a question only their own clause (a later clause
 * may state the speaker's act).
 */
export const AVAILABILITY = new Set([
  'livre',
  'livres',
  'disponivel',
  'disponiveis',
  'disponibilidade',
  'vagas',
  'temos',
  'tenho',
  'ha',
  'opcao',
  'opcoes',
]);

/** Words after which a change is only offered, asked, conditional or denied: they suspend the rest of the sentence. */
export const SUSPENDERS = new Set([
  ...AVAILABILITY,
  // offers and questions
  'quer',
  'queres',
  'querer',
  'queira',
  'deseja',
  'desejas',
  'gostaria',
  'gostarias',
  'prefere',
  'preferes',
  'posso',
  'podemos',
  'poderia',
  'poderiamos',
  'pode',
  'podes',
  'devo',
  'devemos',
  'topa',
  'bora',
  'consigo',
  'conseguimos',
  'consegue',
  'conseguem',
  'tal',
  'sugiro',
  'sugestao',
  'recomendo',
  'confirma',
  'confirme',
  'confirmar',
  'confirmando',
  'diga',
  'diz',
  'fala',
  'avise',
  'avisa',
  'escolha',
  'escolhe',
  'responda',
  'responde',
  'mande',
  'manda',
  'envie',
  'digite',
  'confirmacao',
  'resposta',
  'retorno',
  'pretende',
  // conditions
  'se',
  'caso',
  'quando',
  'assim',
  'depois',
  'antes',
  'apos',
  'basta',
  'so',
  // availability, besides AVAILABILITY
  'existe',
  'existem',
  'aberto',
  // intention, not a fact
  'vou',
  'vamos',
  'irei',
  'iremos',
  'tentar',
  'tento',
  'tentei',
  'precisa',
  'precisamos',
  // "para o agendamento ficar confirmado", "para a reserva ser efetivada": a purpose, not a fact
  'ficar',
  'ser',
  'estar',
  'preciso',
  'falta',
  'faltou',
  'aguarde',
  // failure
  'infelizmente',
  'erro',
  'problema',
  'impossivel',
  'indisponivel',
  'ocupado',
  'ocupada',
]);

/** Negations: suspend the rest of their own clause (up to the next comma). */
export const NEGATIONS = new Set(['nao', 'nem', 'nunca', 'nada', 'nenhum', 'nenhuma', 'sem', 'jamais', 'ninguem']);

/** Words that turn a "done" mark back into a plain acknowledgement ("ok, entendi", "certo, vou ver"). */
export const ACKNOWLEDGEMENTS = new Set(['entendi', 'entendido', 'certeza', 'claro', 'obrigado', 'obrigada']);

/** Verbs that pass a message on: after "pra avisar que" comes what is stated. */
export const SAYING = new Set(['avisar', 'dizer', 'informar', 'falar', 'contar', 'lembrar', 'confirmar']);

/** "para deixar", "pra garantir": an infinitive (not a day or a person: "para sábado", "pra você"). */
export function isInfinitive(token: string | undefined): boolean {
  return token !== undefined && token.length > 3 && /(?:ar|er|ir)$/.test(token) && !NOT_INFINITIVES.has(token);
}
const NOT_INFINITIVES = new Set(['qualquer', 'mulher', 'lugar', 'jantar', 'almocar']);

const DAY_WORDS = new Set(['segunda', 'terca', 'quarta', 'quinta', 'sexta', 'sabado', 'domingo', 'hoje', 'logo']);
export const isDayWord = (token: string | undefined) => token !== undefined && DAY_WORDS.has(token);

/** The tokens of the clauses that hold no negation: "a remarcação não foi concluída, …" denies its noun. */
export function outsideNegatedClauses(tokens: readonly string[]): string[] {
  const clauses: string[][] = [[]];
  for (const token of tokens) {
    if (token === ',' || token === ':') clauses.push([]);
    else (clauses.at(-1) as string[]).push(token);
  }
  return clauses.filter((clause) => !clause.some((token) => NEGATIONS.has(token))).flat();
}

/** The tokens outside negated clauses (a negation covers the rest of its clause). */
export function outsideNegations(tokens: readonly string[]): string[] {
  let negated = false;
  return tokens.filter((token) => {
    if (token === ',' || token === ':') negated = false;
    else if (NEGATIONS.has(token)) negated = true;
    return !negated;
  });
}
