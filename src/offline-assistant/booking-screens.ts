import type { SinalPendente } from '../scheduling/tools/index.js';
import type { Draft } from './assistant-state.js';
import { noticeWarning } from './change-policy.js';
import { daysWithFreeTime, freeTimesOn, timesToOffer } from './free-times.js';
import { dayRows, listReply, MAX_ROWS, professionalRows, serviceRows, timeRows } from './list-rows.js';
import { dateTimeLabel, dayPhrase } from './local-dates.js';
import { mainMenuScreen } from './main-menu.js';
import { type Screen, type TurnContext, text, withPrefix } from './turn.js';
import { visitConfirmScreen } from './visit/visit-confirm-screen.js';

const DAYS_OFFERED = 7;

/** Services as a list; a single service is chosen at once. */
export async function chooseServiceScreen(context: TurnContext): Promise<Screen> {
  const { servicos } = await context.calls.listServices();
  if (servicos.length === 0) return mainMenuScreen(context.tenantName, 'No momento não há serviços disponíveis para agendar.');
  if (servicos.length === 1 && servicos[0]) return chooseProfessionalScreen(context, servicos[0].id);
  return {
    next: { step: 'choose_service' },
    replies: [listReply('Qual serviço você quer agendar?', 'Ver serviços', serviceRows(servicos))],
  };
}

/** Professionals of the service plus "Qualquer um"; a single professional is chosen at once unless `allowSkip` is false. */
export async function chooseProfessionalScreen(context: TurnContext, serviceId: number, allowSkip = true): Promise<Screen> {
  const { profissionais } = await context.calls.listProfessionals(serviceId);
  const only = profissionais[0];
  if (profissionais.length === 0 || !only) {
    return withPrefix(await chooseServiceScreen(context), 'Ninguém atende esse serviço no momento. Escolha outro:');
  }
  if (profissionais.length === 1 && allowSkip) {
    return chooseDayScreen(context, { mode: 'book', serviceId, professionalId: only.id });
  }
  return {
    next: { step: 'choose_professional', serviceId },
    replies: [
      listReply('Com quem você prefere?', 'Ver profissionais', [
        { id: 'pro:any', title: 'Qualquer um', description: 'o primeiro horário livre' },
        ...professionalRows(profissionais, MAX_ROWS - 1),
      ]),
    ],
  };
}

/** The next days with free time (today included) as a list. */
export async function chooseDayScreen(context: TurnContext, draft: Draft): Promise<Screen> {
  const days = await daysWithFreeTime(context.calls, draft, context.today, context.horizonDays, DAYS_OFFERED);
  if (days.length === 0) {
    return mainMenuScreen(context.tenantName, 'Não encontrei horários livres nos próximos dias. 😕');
  }
  return {
    next: { step: 'choose_day', draft },
    replies: [
      listReply('Qual dia? Escolha na lista ou digite a data (ex.: amanhã, sexta, 15/12).', 'Ver dias', dayRows(days, context.today)),
    ],
  };
}

/** Free times of a day as a list (at most 10 shown; any free time may also be typed). */
export async function chooseTimeScreen(context: TurnContext, draft: Draft, date: string): Promise<Screen> {
  const { times, refusal, nextDate } = await freeTimesOn(context.calls, draft, date);
  if (times.length === 0) {
    const reason = refusal ?? `Não há horários livres para ${dayPhrase(date, context.today)}.`;
    const hint = nextDate ? ` O próximo dia com horário é ${dayPhrase(nextDate, context.today)}.` : '';
    return withPrefix(await chooseDayScreen(context, draft), `${reason}${hint}`);
  }
  const offered = timesToOffer(times, MAX_ROWS);
  const more =
    times.length > offered.length
      ? ` Mostro ${offered.length} de ${times.length}; você também pode digitar outro (ex.: ${times[1]?.time ?? times[0]?.time}).`
      : '';
  return {
    next: { step: 'choose_time', draft, date },
    replies: [
      listReply(
        `Horários livres para ${dayPhrase(date, context.today)}.${more}`,
        'Ver horários',
        timeRows(date, offered, draft.professionalId === null),
      ),
    ],
  };
}

/**
 * The summary with Confirmar / Outro horário / Menu buttons; a visit lists each service on
 * its own line. A time inside the cancellation notice says first that it could not be
 * cancelled or moved here afterwards.
 */
export async function confirmScreen(context: TurnContext, draft: Draft & { professionalId: number }, start: string): Promise<Screen> {
  const warning = noticeWarning(context, start);
  if (draft.more?.length) {
    const visit = await visitConfirmScreen(context, draft, start, warning);
    if (visit) return visit;
    return withPrefix(
      await chooseTimeScreen(context, draft, start.slice(0, 10)),
      `${start.slice(11, 16)} não está mais livre para todos os serviços.`,
    );
  }
  const { servicos } = await context.calls.listServices();
  const service = servicos.find((candidate) => candidate.id === draft.serviceId);
  const professional = service?.profissionais.find((candidate) => candidate.id === draft.professionalId);
  const what = service ? `*${service.nome}* (${service.duracao_minutos} min)` : 'o serviço';
  const who = professional ? ` com *${professional.nome}*` : '';
  const question = draft.mode === 'reschedule' ? 'Confirma a nova data do seu agendamento?' : 'Confirma o agendamento?';
  return {
    next: { step: 'confirm_booking', draft, start },
    replies: [
      {
        type: 'buttons',
        text: [question, `${what}${who}`, dateTimeLabel(start, context.today), ...(warning ? [warning] : [])].join('\n'),
        buttons: [
          { id: 'confirm:yes', title: 'Confirmar' },
          { id: 'confirm:no', title: 'Outro horário' },
          { id: 'nav:menu', title: 'Menu' },
        ],
      },
    ],
  };
}

export const bookedText = () => text('Pronto, agendado! ✅\nSe precisar cancelar ou remarcar, é só escrever *menu*.');

/** A booking that waits for its deposit: not booked yet; the Pix code follows in its own message. */
export const depositNeededText = (deposit: SinalPendente) =>
  text(
    `Quase lá! Para confirmar esse horário, falta o sinal de ${deposit.valor} por Pix. ` +
      `O código Pix chega na próxima mensagem; o horário fica reservado até ${deposit.reservado_ate} e, sem o pagamento, é liberado.\n` +
      deposit.politica_de_cancelamento,
  );
