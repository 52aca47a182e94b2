import type { MessagesRequest, ModelStep } from '../../test/fakes/messages-api-types.js';
import { type ConversationTurn, lastStep, readConversationTurn, type ToolStep } from './conversation-turn.js';
import { type CustomerIntent, localDate, readCustomerIntent } from './customer-intent.js';
import { findAppointmentIds, findIdByName, findSlotCandidates } from './tool-result-reading.js';

const MAX_STEPS_PER_TURN = 8;
const MAX_BOOKING_ATTEMPTS = 3;

const say = (text: string): ModelStep => ({ content: [{ type: 'text', text }], stopReason: 'end_turn' });
const call = (...tools: { name: string; input: Record<string, unknown> }[]): ModelStep => ({
  content: tools.map((tool) => ({ type: 'tool_use' as const, ...tool })),
  stopReason: 'tool_use',
});

/** The soak's model for the loopback Messages API (`decide`): the policy below, on the tenant's local date of each request. */
export const schedulingModel = (timeZone: string) => (request: MessagesRequest) => decideNextStep(request, localDate(timeZone));

/**
 * The scripted model behind the soak's fake Messages API: a tiny deterministic policy that
 * reads the request (customer text, tools offered, tool results so far) and picks the next
 * step through the service's REAL tools, as a careful assistant would: list, look up slots,
 * book the asked (or first free) slot, take an alternative when the slot was just taken,
 * confirm only after a successful `agendar`, cancel, hand over to a person.
 * `today` is the tenant's local date (YYYY-MM-DD).
 */
export function decideNextStep(request: MessagesRequest, today: string): ModelStep {
  const turn = readConversationTurn(request);
  const tools = new Set((request.tools ?? []).map((tool) => tool.name));
  if (request.tool_choice?.type === 'none' || turn.steps.length >= MAX_STEPS_PER_TURN) {
    return say('Consegui ver só parte do seu pedido agora. Uma pessoa da nossa equipe vai continuar o seu atendimento em breve.');
  }
  const intent = readCustomerIntent(turn.customerText, today);
  const needs = requiredTools(intent);
  if (needs.some((name) => !tools.has(name))) return say('No momento não consigo consultar a agenda. Pode tentar de novo daqui a pouco?');
  switch (intent.kind) {
    case 'human':
      return lastStep(turn.steps, 'transferir_para_humano')
        ? say('Certo! Vou te passar para uma pessoa da equipe, já já alguém te responde por aqui.')
        : call({ name: 'transferir_para_humano', input: { motivo: 'O cliente pediu para falar com um atendente.' } });
    case 'cancel':
      return decideCancel(turn);
    case 'list':
      return decideList(turn);
    case 'book':
      return decideBooking(turn, intent, today);
    case 'waitlist':
      return decideWaitlist(turn, intent);
    case 'thanks':
      return say('Por nada! Se precisar de mais alguma coisa, é só chamar. 😊');
    case 'greeting':
      return say('Olá! Sou o assistente virtual do salão. Posso marcar, remarcar ou cancelar um horário para você. Como posso ajudar?');
  }
}

function requiredTools(intent: CustomerIntent): string[] {
  switch (intent.kind) {
    case 'human':
      return ['transferir_para_humano'];
    case 'cancel':
      return ['meus_agendamentos', 'cancelar'];
    case 'list':
      return ['meus_agendamentos'];
    case 'book':
      return ['listar_servicos', 'listar_profissionais', 'buscar_horarios', 'agendar'];
    case 'waitlist':
      return ['listar_servicos', 'entrar_lista_espera'];
    default:
      return [];
  }
}

function decideList(turn: ConversationTurn): ModelStep {
  const listing = lastStep(turn.steps, 'meus_agendamentos');
  if (!listing) return call({ name: 'meus_agendamentos', input: {} });
  const count = listing.result?.isError ? 0 : findAppointmentIds(listing.result?.text ?? '').length;
  if (count === 0) return say('Você não tem nenhum horário marcado no momento. Quer marcar um?');
  return say(`Você tem ${count} horário${count > 1 ? 's' : ''} marcado${count > 1 ? 's' : ''}. Posso ajudar com mais alguma coisa?`);
}

function decideCancel(turn: ConversationTurn): ModelStep {
  const cancelled = lastStep(turn.steps, 'cancelar');
  if (cancelled) {
    return cancelled.result?.isError
      ? say('Não consegui cancelar esse horário. Quer que eu chame alguém da equipe para ajudar?')
      : say('Pronto, cancelei o seu horário. Se quiser marcar outro, é só falar!');
  }
  const listing = lastStep(turn.steps, 'meus_agendamentos');
  if (!listing) return call({ name: 'meus_agendamentos', input: {} });
  const [first] = listing.result?.isError ? [] : findAppointmentIds(listing.result?.text ?? '');
  if (first === undefined) return say('Não encontrei nenhum horário marcado no seu nome para cancelar.');
  return call({ name: 'cancelar', input: { agendamento_id: first } });
}

function decideWaitlist(turn: ConversationTurn, intent: Extract<CustomerIntent, { kind: 'waitlist' }>): ModelStep {
  const joined = lastStep(turn.steps, 'entrar_lista_espera');
  if (joined?.result) {
    return joined.result.isError
      ? say('Não consegui te colocar na lista de espera desse dia. Quer tentar outra data?')
      : say('Combinado! Você está na lista de espera: se vagar um horário nesse dia, te mando uma mensagem com um botão para reservar.');
  }
  const services = lastStep(turn.allSteps, 'listar_servicos');
  if (!services) return call({ name: 'listar_servicos', input: {} });
  const serviceId = findIdByName(services.result?.text ?? '', intent.service);
  if (serviceId === undefined || !intent.date) return say('Claro! Para qual serviço e em que dia você quer entrar na lista de espera?');
  return call({ name: 'entrar_lista_espera', input: { servico_id: serviceId, data: intent.date } });
}

function decideBooking(turn: ConversationTurn, intent: Extract<CustomerIntent, { kind: 'book' }>, today: string): ModelStep {
  const services = lastStep(turn.allSteps, 'listar_servicos');
  const professionals = lastStep(turn.allSteps, 'listar_profissionais');
  const listings = [
    ...(services ? [] : [{ name: 'listar_servicos', input: {} }]),
    ...(professionals ? [] : [{ name: 'listar_profissionais', input: {} }]),
  ];
  if (listings.length > 0) return call(...listings);
  const serviceId = findIdByName(services?.result?.text ?? '', intent.service);
  const professionalId = intent.professional ? findIdByName(professionals?.result?.text ?? '', intent.professional) : undefined;
  if (serviceId === undefined || professionalId === undefined || !intent.date) {
    return say('Claro! Com qual profissional, em que dia e horário você prefere?');
  }
  const date = intent.date < today ? today : intent.date;
  const lookup = lastStep(turn.steps, 'buscar_horarios');
  if (!lookup) return call({ name: 'buscar_horarios', input: { profissional_id: professionalId, data: date, servico_id: serviceId } });
  if (lookup.result?.isError) return say(`Não tenho horário com a ${intent.professional} nesse dia. Quer tentar outra data?`);

  const attempts = turn.steps.filter((step) => step.name === 'agendar' && step.result);
  const last = attempts.at(-1);
  if (last && !last.result?.isError) {
    const [day, time] = String(last.input.inicio ?? '').split('T');
    // Held for a Pix deposit, not booked yet: say so without stating a change (the claim check
    // refuses "agendado" and "reservei" here: the hold is not a confirmed write).
    if (last.result?.text.includes('"aguardando_sinal"')) {
      return say(
        `${intent.service} com a ${intent.professional} em ${brDate(day ?? date)} às ${time} aguarda o sinal por Pix: ` +
          'pague com o código que envio a seguir para garantir o horário.',
      );
    }
    return say(`Pronto, agendado! ${intent.service} com a ${intent.professional} em ${brDate(day ?? date)} às ${time}. Até lá!`);
  }
  if (attempts.length >= MAX_BOOKING_ATTEMPTS) {
    return say('Os horários que tentei acabaram de ser ocupados. Quer que eu procure em outro dia?');
  }
  const next = nextSlot(lookup, last, attempts, date, intent.time);
  if (!next) return say(`A ${intent.professional} não tem mais horário livre nesse dia. Quer tentar outra data?`);
  return call({ name: 'agendar', input: { profissional_id: professionalId, servico_id: serviceId, inicio: `${next.date}T${next.time}` } });
}

/** The asked time if it is free, else the first free slot after it, else an alternative the refusal offered. */
function nextSlot(lookup: ToolStep, last: ToolStep | undefined, attempts: ToolStep[], date: string, askedTime?: string) {
  const tried = new Set(attempts.map((step) => String(step.input.inicio)));
  const fresh = (candidate: { date: string; time: string }) => !tried.has(`${candidate.date}T${candidate.time}`);
  if (last?.result?.isError) {
    const alternative = findSlotCandidates(last.result.text, date).find(fresh);
    if (alternative) return alternative;
  }
  const free = findSlotCandidates(lookup.result?.text ?? '', date).filter(fresh);
  return (
    free.find((slot) => slot.date === date && slot.time === askedTime) ??
    free.find((slot) => slot.date === date && askedTime !== undefined && slot.time >= askedTime) ??
    free[0]
  );
}

const brDate = (isoDate: string) => isoDate.split('-').reverse().slice(0, 2).join('/');
