import type { OutboundReply } from '../shared/index.js';
import type { Choice } from './match-choice.js';

/** Typed words that pick an option besides its title and number (normalized: no accents, lower case). */
const KEYWORDS: Record<string, string[]> = {
  'menu:book': ['agendar', 'marcar', 'agendamento', 'reservar'],
  'menu:mine': ['meus', 'meu', 'agendamentos', 'cancelar', 'remarcar', 'desmarcar', 'consultar'],
  'menu:human': ['pessoa', 'atendente', 'humano'],
  'pro:any': ['qualquer', 'tanto faz', 'qualquer uma', 'primeiro'],
  'confirm:yes': ['sim', 's', 'confirmar', 'confirmo', 'confirma', 'ok', 'pode', 'isso'],
  'confirm:no': ['nao', 'n', 'outro', 'outra', 'mudar', 'trocar'],
  'act:cancel': ['cancelar', 'cancela', 'desmarcar'],
  'act:reschedule': ['remarcar', 'mudar', 'trocar', 'alterar'],
  'cancel:yes': ['sim', 's', 'cancelar', 'cancela', 'pode'],
  'cancel:no': ['nao', 'n', 'manter'],
  'nav:menu': ['menu'],
};

/** The options the last screen showed (its buttons or list rows), with their typed keywords. */
export function offeredChoices(replies: OutboundReply[]): Choice[] {
  const last = replies.at(-1);
  if (!last || last.type === 'text') return [];
  const options = last.type === 'buttons' ? last.buttons : last.sections.flatMap((section) => section.rows);
  return options.map(({ id, title }) => ({ id, title }));
}

export function withKeywords(choices: { id: string; title: string }[]): Choice[] {
  return choices.map((choice) => ({ ...choice, keywords: KEYWORDS[choice.id] ?? [] }));
}
