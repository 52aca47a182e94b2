import type { InfoTopic } from './reading.js';

const DAY = '(?:hoje|amanha|domingo|segunda|terca|quarta|quinta|sexta|sabado|feriado|fim de semana|final de semana|sabados|domingos)';

const TOPICS: [InfoTopic, RegExp][] = [
  [
    'address',
    /\b(?:endereco|onde (?:fica|ficam|e o salao|e ai|e|voces ficam|voces estao|esta|estao|e que fica)|(?:fica|ficam|e) onde|qual (?:a )?rua|localizacao|como (?:eu )?(?:chego|chegar|faco para chegar)|em que bairro|qual (?:o )?bairro|manda (?:a )?localizacao)\b/,
  ],
  [
    'hours',
    new RegExp(
      `\\b(?:horario de (?:funcionamento|atendimento)|que horas (?:voces |voce |o salao )?(?:abre|abrem|fecha|fecham|comeca|comecam|funciona|funcionam|atende|atendem)|ate que horas|abre(?:m)? (?:que horas|as|aos|no|na|de|${DAY})|fecha(?:m)? (?:que horas|as|aos|no|na|de|${DAY})|funciona(?:m)? (?:aos|no|na|de|que horas|${DAY})|(?:voces|voce) (?:abrem|abre|funcionam|atendem) (?:aos |no |na |de )?${DAY}|(?:estao|esta) abert[oa]s?|quais (?:os )?dias|que dias (?:voces )?(?:abrem|atendem|funcionam))\\b`,
    ),
  ],
  [
    'payment',
    /\b(?:pix|cartao|cartoes|credito|debito|(?:forma|formas|meio|meios) de pagamento|como (?:eu )?(?:posso |faco para )?pagar|aceita(?:m)? (?:dinheiro|vale|cheque)|parcela\w*|em quantas vezes)\b/,
  ],
];

/**
 * The questions about the business a normalised message asks: where it is, when it opens,
 * how to pay. Several may be asked at once ("onde fica e aceita pix?").
 */
export function readQuestions(text: string): InfoTopic[] {
  return TOPICS.filter(([, pattern]) => pattern.test(text)).map(([topic]) => topic);
}
