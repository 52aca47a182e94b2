import type { Choice } from './match-choice.js';
import type { Screen } from './turn.js';

/** The main menu's three options; the words also work typed at the idle step ("quero agendar"). */
export const MAIN_MENU_CHOICES: Choice[] = [
  { id: 'menu:book', title: 'Agendar horário', keywords: ['agendar', 'marcar', 'agendamento', 'horario', 'reservar'] },
  {
    id: 'menu:mine',
    title: 'Meus agendamentos',
    keywords: ['meus', 'meu', 'agendamentos', 'cancelar', 'remarcar', 'desmarcar', 'consultar', 'ver'],
  },
  { id: 'menu:human', title: 'Falar com uma pessoa', keywords: ['pessoa', 'atendente', 'humano'] },
];

/** The main menu screen (three buttons). */
export function mainMenuScreen(tenantName: string, intro?: string): Screen {
  const greeting = intro ?? `Olá! Sou o assistente virtual do *${tenantName}*.`;
  return {
    next: { step: 'main_menu' },
    replies: [
      {
        type: 'buttons',
        text: `${greeting}\nComo posso ajudar? Toque numa opção ou digite o número.`,
        buttons: MAIN_MENU_CHOICES.map(({ id, title }) => ({ id, title })),
      },
    ],
  };
}
