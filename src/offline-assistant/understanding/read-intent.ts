import type { Field, Intent } from './reading.js';

type PatternIntent = Exclude<Intent, 'none' | 'complaint' | 'thanks' | 'address' | 'hours' | 'payment'>;

/** Checked in this order: a person beats everything, leaving and cancel and reschedule beat "horário". */
const INTENTS: [PatternIntent, RegExp][] = [
  [
    'human',
    /\b(?:atendente|humano|humana|falar com (?:uma |um |a |o )?(?:pessoa|alguem|gente|moca|dona|responsavel|gerente)|alguem da equipe|pessoa de verdade)\b/,
  ],
  // "me avisa se vagar": before cancel ("se alguém desmarcar") and book ("horário", "vaga").
  [
    'waitlist',
    /\b(?:me avis\w*|avis\w* (?:se|quando|caso)|lista de espera|se vag\w*|quando vag\w*|caso vag\w*|se (?:abrir|liberar|surgir|desmarcarem|cancelarem) (?:uma |um |alguma |algum )?(?:vaga|horario))\b/,
  ],
  ['leave', /\b(?:cancela (?:isso|tudo|ai|esse pedido|a marcacao|essa marcacao)|pode cancelar (?:isso|tudo))\b/],
  [
    'reschedule',
    /\b(?:remarcar|remarca|remarco|reagendar|reagenda|adiar|adia|antecipar|antecipa|trocar (?:o |meu |de )?(?:horario|dia)|troca (?:o |meu )?(?:horario|dia)|mudar (?:o |meu |de )?(?:horario|dia)|muda (?:o |meu )?(?:horario|dia)|passa (?:o |meu |minha |para )|passar (?:o |meu |minha |para )|transferir|mudar para|trocar para)\b/,
  ],
  [
    'cancel',
    /\b(?:cancelar|cancela|cancelo|cancele|desmarcar|desmarco|desmarque|nao vou (?:poder|conseguir) (?:ir|comparecer)|nao vou mais|nao posso (?:mais )?ir|nao quero mais (?:o|a|meu|minha) \w+)\b/,
  ],
  [
    'list',
    /\b(?:meus agendamentos|meus horarios|meu horario (?:e|esta|ta|marcado)|que horas e (?:o )?meu|qual (?:e )?(?:o )?meu horario|tenho (?:algum )?horario marcado|estou marcad[ao]|to marcad[ao]|ver (?:meu|meus)|quando e (?:o )?meu)\b/,
  ],
  [
    'leave',
    /\b(?:esquece|esqueca|esquecer|deixa (?:para|pra) (?:la|depois)|deixa (?:quieto|isso|como (?:esta|estava))|nao quero mais|nao precisa(?: mais)?|desist\w*|mudei de ideia|fica para (?:outra|depois)|outra hora|depois eu (?:vejo|marco|volto|falo)|vou ver depois|nada nao)\b|^(?:nao )?deixa$|^(?:sair|parar|para)$|\bnao deixa\b/,
  ],
  [
    'prices',
    /\b(?:preco|precos|valor|valores|quanto (?:custa|e|fica|sai|ta|esta|cobra|cobram|vou pagar)|tabela|servicos|o que (?:voces|voce) fazem|cardapio)\b/,
  ],
  [
    'book',
    /\b(?:marcar|agendar|agenda|marca|marco|reservar|reserva|horario|vaga|vagas|encaixe|encaixar|encaixa|disponivel|disponibilidade|livre|quero|queria|gostaria|consigo|da para|daria para|tem como|fazer|faco|atende|atendem|abre|abrem)\b/,
  ],
];

/**
 * What the customer wants by its words: book, cancel, reschedule, see their appointments,
 * see the services and prices, talk to a person, or leave the flow under way ("esquece",
 * "deixa pra lá", "cancela isso"). "cancela meu horário" is a cancel although it has
 * "horário"; a message with no such word but a service, day or time is a booking (the
 * caller decides that, and complaints, questions and thanks, from the other fields).
 */
export function readIntent(text: string): Field<Intent> {
  for (const [intent, pattern] of INTENTS) {
    if (pattern.test(text)) return { status: 'found', value: intent, confidence: 'high' };
  }
  return { status: 'absent' };
}
