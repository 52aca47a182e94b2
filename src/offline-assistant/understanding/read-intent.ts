import type { Field, Intent } from './reading.js';

/** Checked in this order: a person beats everything, cancel and reschedule beat "horário". */
const INTENTS: [Exclude<Intent, 'none'>, RegExp][] = [
  [
    'human',
    /\b(?:atendente|humano|humana|falar com (?:uma |um |a |o )?(?:pessoa|alguem|gente|moca|dona|responsavel)|alguem da equipe|pessoa de verdade)\b/,
  ],
  [
    'reschedule',
    /\b(?:remarcar|remarca|remarco|reagendar|reagenda|adiar|adia|antecipar|antecipa|trocar (?:o |meu |de )?(?:horario|dia)|troca (?:o |meu )?(?:horario|dia)|mudar (?:o |meu |de )?(?:horario|dia)|muda (?:o |meu )?(?:horario|dia)|passa (?:o |meu |minha |para )|passar (?:o |meu |minha |para )|transferir|mudar para|trocar para)\b/,
  ],
  [
    'cancel',
    /\b(?:cancelar|cancela|cancelo|cancele|desmarcar|desmarco|desmarque|nao vou (?:poder|conseguir) (?:ir|comparecer)|nao vou mais|nao posso (?:mais )?ir)\b/,
  ],
  [
    'list',
    /\b(?:meus agendamentos|meus horarios|meu horario (?:e|esta|ta|marcado)|que horas e (?:o )?meu|qual (?:e )?(?:o )?meu horario|tenho (?:algum )?horario marcado|estou marcad[ao]|to marcad[ao]|ver (?:meu|meus)|quando e (?:o )?meu)\b/,
  ],
  [
    'prices',
    /\b(?:preco|precos|valor|valores|quanto (?:custa|e|fica|sai|ta|esta|cobra)|tabela|servicos|o que (?:voces|voce) fazem|cardapio)\b/,
  ],
  [
    'book',
    /\b(?:marcar|agendar|agenda|marca|marco|reservar|reserva|horario|vaga|vagas|encaixe|encaixar|encaixa|disponivel|disponibilidade|livre|quero|queria|gostaria|consigo|da para|daria para|tem como|fazer|faco|atende|atendem|abre|abrem)\b/,
  ],
];

/**
 * What the customer wants: book, cancel, reschedule, see their appointments, see the
 * services and prices, or talk to a person. "cancela meu horário" is a cancel although it
 * has "horário"; a message with no such word but a service, day or time is a booking (the
 * caller decides that from the other fields).
 */
export function readIntent(text: string): Field<Intent> {
  for (const [intent, pattern] of INTENTS) {
    if (pattern.test(text)) return { status: 'found', value: intent, confidence: 'high' };
  }
  return { status: 'absent' };
}
