import type { Draft } from '../assistant-state.js';
import { freeTimesOn } from '../free-times.js';
import { dayLabel } from '../local-dates.js';
import type { Screen, TurnContext } from '../turn.js';

const CONFIRM_BUTTONS = [
  { id: 'confirm:yes', title: 'Confirmar' },
  { id: 'confirm:no', title: 'Outro horário' },
  { id: 'nav:menu', title: 'Menu' },
];

/**
 * The confirmation of a visit: the day, then one line per service with its time and
 * professional, as free right now (so what is confirmed is what gets booked). Null when the
 * visit no longer fits at `start`.
 */
export async function visitConfirmScreen(
  context: TurnContext,
  draft: Draft & { professionalId: number },
  start: string,
  warning: string | null,
): Promise<Screen | null> {
  const date = start.slice(0, 10);
  const time = start.slice(11, 16);
  const { servicos } = await context.calls.listServices();
  const { times } = await freeTimesOn(context.calls, draft, date);
  const free =
    times.find((candidate) => candidate.time === time && candidate.professionalId === draft.professionalId) ??
    times.find((candidate) => candidate.time === time);
  if (!free?.visit) return null;
  const nameOf = (serviceId: number) => servicos.find((service) => service.id === serviceId)?.nome ?? 'Serviço';
  const lines = [
    `• ${free.time} *${nameOf(draft.serviceId)}* com *${free.professionalName}*`,
    ...free.visit.map((stop) => `• ${stop.time} *${nameOf(stop.serviceId)}* com *${stop.professionalName}*`),
  ];
  return {
    next: {
      step: 'confirm_booking',
      draft: { ...draft, professionalId: free.professionalId },
      start,
      visit: free.visit.map((stop) => ({ serviceId: stop.serviceId, professionalId: stop.professionalId, start: `${date}T${stop.time}` })),
    },
    replies: [
      {
        type: 'buttons',
        text: [
          draft.mode === 'reschedule' ? 'Confirma a nova data da sua visita?' : 'Confirma o agendamento?',
          dayLabel(date, context.today),
          ...lines,
          ...(warning ? [warning] : []),
        ].join('\n'),
        buttons: CONFIRM_BUTTONS,
      },
    ],
  };
}
