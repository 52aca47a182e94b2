/**
 * Something went wrong, or the customer is angry: a service that hurt or went wrong, money
 * back, waiting, rudeness, swearing. Such a message goes to a person at once, whatever else
 * it says ("meu cabelo ficou verde depois da coloração de ontem" names a service and a day).
 */
const PROBLEM = new RegExp(
  [
    'reclama(?:cao|coes|r|ndo)?',
    'queixa',
    'procon',
    'reembolso',
    'estorno',
    'dinheiro de volta',
    'devolv\\w* (?:o |meu )?dinheiro',
    'estrag\\w*',
    'queim(?:ou|aram|ado|ada|adura)',
    'manch(?:ou|ado|ada|aram)',
    'alergi\\w*',
    'ardend\\w*',
    'ardeu',
    'machuc\\w*',
    'ficou (?:verde|laranja|amarelo|roxo|manchado|manchada|torto|torta|horrivel|pessimo|pessima|feio|feia|errado|errada|curto demais)',
    'cortaram (?:errado|demais|curto demais)',
    'descasc\\w*',
    'nao gostei',
    'mal feit[oa]',
    'malfeit[oa]',
    'pessim[oa]s?',
    'horrive(?:l|is)',
    'absurdo',
    'ridicul[oa]',
    'vergonha',
    'descaso',
    'desorganiza(?:d[oa]s?|cao)',
    '(?:mudaram|remarcaram|desmarcaram|cancelaram|trocaram) (?:o |meu |minha )?\\w+ (?:de novo )?sem (?:me )?avisar',
    'sem (?:me )?avisar nada',
    'falta de respeito',
    'desrespeit\\w*',
    'palhacada',
    'nunca mais (?:volto|venho|piso)',
    'decepcionad[oa]',
    'decepcao',
    'insatisfeit[oa]',
    'indignad[oa]',
    'revoltad[oa]',
    'furios[oa]',
    'irritad[oa]',
    'chatead[oa]',
    'pqp',
    'porra',
    'merda',
    'caralho',
    'ninguem (?:me )?(?:atende|atendeu|responde|respondeu)',
    'esperei (?:\\d+|mais de|quase|uma|meia)',
    'deixaram esperando',
    'cheguei e (?:estava|esta) fechado',
    'me cobra(?:ram|ou) (?:a mais|errado|demais)',
    'cobranca errada',
  ]
    .map((pattern) => `\\b${pattern}\\b`)
    .join('|'),
);

const URGENT = /\b(?:urgente|urgencia|emergencia|socorro)\b/;

/**
 * True for a complaint, anger or urgency in a normalised message. "urgente" alone counts only
 * when the message asks for nothing to book ("preciso cortar o cabelo urgente" is a booking
 * as soon as possible; "urgente!! me responde" is for a person).
 */
export function isComplaint(text: string, asksToBook: boolean): boolean {
  return PROBLEM.test(text) || (URGENT.test(text) && !asksToBook);
}
