import { ToolDomainException } from '../../shared/index.js';
import { customerRefusal } from '../customer-refusal.js';
import { listReply, serviceRows } from '../list-rows.js';
import { dayPhrase } from '../local-dates.js';
import { type Screen, type TurnContext, text } from '../turn.js';
import { PERIOD_WINDOWS, type Period, periodOf, type Reading, type TimeSpec } from '../understanding/index.js';

const PERIOD_PHRASES: Record<Period, string> = { manha: 'de manhã', tarde: 'à tarde', noite: 'à noite' };

export const WAITLIST_HOW =
  'Posso colocar você na lista de espera: me diga o dia (e, se quiser, o serviço), por exemplo *me avisa se vagar corte sexta à tarde*.';

/**
 * "me avisa se vagar sexta à tarde": puts the customer on the waitlist for the service and day
 * the sentence names (the part of the day and the professional when it names them), through
 * `entrar_lista_espera` like the agent. Without a service it asks which (the rest kept, step
 * `waitlist_service`); without one day it says what it needs; a refusal (a past day, beyond the
 * horizon) is said in the customer's words.
 */
export async function answerWaitlistRequest(context: TurnContext, reading: Reading): Promise<Screen> {
  const serviceId = reading.service.status === 'found' ? reading.service.value : null;
  const date = reading.day.status === 'found' && reading.day.value.kind === 'date' ? reading.day.value.date : null;
  if (date === null) return { next: { step: 'idle' }, replies: [text(WAITLIST_HOW)] };
  const period = reading.time.status === 'found' ? periodOfTime(reading.time.value) : null;
  const professional = reading.professional.status === 'found' ? reading.professional.value : 'any';
  const wish: WaitlistWish = {
    date,
    ...(period ? { period } : {}),
    ...(typeof professional === 'number' ? { professionalId: professional } : {}),
  };
  return serviceId === null ? waitlistServiceScreen(context, wish) : joinWaitlistScreen(context, { ...wish, serviceId });
}

/** What a waitlist request said besides the service. */
type WaitlistWish = { date: string; period?: Period; professionalId?: number };

/** The services to choose from for a waitlist request that named none; the day, part of it and professional are kept. */
export async function waitlistServiceScreen(context: TurnContext, wish: WaitlistWish): Promise<Screen> {
  const { servicos } = await context.calls.listServices();
  const [only] = servicos;
  if (servicos.length === 1 && only) return joinWaitlistScreen(context, { ...wish, serviceId: only.id });
  const when = `${dayPhrase(wish.date, context.today)}${wish.period ? ` ${PERIOD_PHRASES[wish.period]}` : ''}`;
  return {
    next: {
      step: 'waitlist_service',
      date: wish.date,
      ...(wish.period ? { period: wish.period } : {}),
      ...(wish.professionalId ? { professionalId: wish.professionalId } : {}),
    },
    replies: [listReply(`Para qual serviço é a lista de espera de ${when}?`, 'Ver serviços', serviceRows(servicos))],
  };
}

/** Puts the customer on the waitlist (`entrar_lista_espera`) and says what happens next; a refusal in the customer's words. */
export async function joinWaitlistScreen(context: TurnContext, wish: WaitlistWish & { serviceId: number }): Promise<Screen> {
  try {
    const joined = await context.calls.joinWaitlist(wish);
    const entry = joined.lista_espera;
    const when = `${dayPhrase(entry.data, context.today)}${entry.periodo ? ` ${PERIOD_PHRASES[entry.periodo]}` : ''}`;
    const who = entry.profissional ? ` com ${entry.profissional.nome}` : '';
    const first = joined.ja_estava_na_lista ? 'Você já está na lista de espera' : 'Pronto! Coloquei você na lista de espera';
    return {
      next: { step: 'idle' },
      replies: [
        text(
          `${first} de ${entry.servico.nome}${who} para ${when}. ✅\n` +
            'Se vagar um horário, eu te mando uma mensagem com um botão para reservar: quem tocar primeiro fica com ele. ' +
            'Isto não é um agendamento.',
        ),
      ],
    };
  } catch (error) {
    if (!(error instanceof ToolDomainException)) throw error;
    return { next: { step: 'idle' }, replies: [text(customerRefusal(error))] };
  }
}

/** The part of the day a time names: a start's, or a window that is one part ("à tarde"). */
function periodOfTime(time: TimeSpec): Period | null {
  if (time.kind === 'at') return time.period;
  if (time.kind === 'window') {
    const match = (Object.keys(PERIOD_WINDOWS) as Period[]).find(
      (period) => PERIOD_WINDOWS[period].from === time.from && PERIOD_WINDOWS[period].to === time.to,
    );
    return match ?? periodOf(time.from);
  }
  return null;
}
