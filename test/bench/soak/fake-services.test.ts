import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { readCustomerIntent } from '../../../bench/soak/customer-intent.js';
import { planCustomers, upcomingWorkingDates } from '../../../bench/soak/customer-script.js';
import { decideNextStep, schedulingModel } from '../../../bench/soak/scheduling-policy.js';
import { verifyAnswerClaims } from '../../../src/answer-claims/index.js';
import { startFakeAnthropic } from '../../fakes/anthropic-loopback.js';
import { startFakeGraph } from '../../fakes/graph-api-loopback.js';
import type { ApiMessage, MessagesRequest } from '../../fakes/messages-api-types.js';
import { createRandom } from '../../fakes/random.js';

const TODAY = '2026-11-29';
const TOOLS = [
  'listar_servicos',
  'listar_profissionais',
  'buscar_horarios',
  'agendar',
  'meus_agendamentos',
  'cancelar',
  'transferir_para_humano',
].map((name) => ({ name }));
const SERVICES = {
  servicos: [
    { id: 11, nome: 'Corte', duracao_minutos: 30, profissionais: [{ id: 21, nome: 'Ana' }] },
    { id: 12, nome: 'Coloração', duracao_minutos: 90, profissionais: [] },
  ],
};
const PROFESSIONALS = {
  profissionais: [
    { id: 21, nome: 'Ana', servicos: [] },
    { id: 22, nome: 'Bia', servicos: [{ id: 11, nome: 'Corte', duracao_minutos: 30 }] },
  ],
};
const SLOTS = {
  data: '2026-12-01',
  faixas: [{ periodo: 'manhã', de: '10:00', ate: '11:30', livres: 7 }],
  horarios: ['10:00', '10:15', '10:30'],
  horarios_omitidos: 4,
};

let counter = 0;
const toolCall = (name: string, input: Record<string, unknown>, result: unknown, isError = false): ApiMessage[] => {
  const id = `toolu_${++counter}`;
  return [
    { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] },
    {
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: id, content: typeof result === 'string' ? result : JSON.stringify(result), is_error: isError },
      ],
    },
  ];
};
const request = (messages: ApiMessage[], extra: Partial<MessagesRequest> = {}): MessagesRequest => ({
  model: 'claude-sonnet-4-6',
  tools: TOOLS,
  messages,
  ...extra,
});
const booking: ApiMessage = { role: 'user', content: 'Oi! Queria marcar um corte com a Bia dia 01/12 às 10h' };
const textOf = (step: ReturnType<typeof decideNextStep>) => step.content.map((block) => (block.type === 'text' ? block.text : '')).join('');

describe('scripted scheduling model', () => {
  it('when the customer only greets, then it answers with text and ends the turn', () => {
    const step = decideNextStep(request([{ role: 'user', content: 'Oi, bom dia! Aqui é Carla Souza.' }]), TODAY);
    expect(step.stopReason).toBe('end_turn');
    expect(textOf(step)).toMatch(/Como posso ajudar/);
  });

  it('when a booking is asked and nothing is known yet, then it lists services and professionals in parallel', () => {
    const step = decideNextStep(request([booking]), TODAY);
    expect(step.stopReason).toBe('tool_use');
    expect(step.content.map((block) => (block.type === 'tool_use' ? block.name : ''))).toEqual(['listar_servicos', 'listar_profissionais']);
  });

  it('when the listings are known, then it looks up the asked professional, date and service by id', () => {
    const messages = [booking, ...toolCall('listar_servicos', {}, SERVICES), ...toolCall('listar_profissionais', {}, PROFESSIONALS)];
    const step = decideNextStep(request(messages), TODAY);
    expect(step.content).toEqual([
      { type: 'tool_use', name: 'buscar_horarios', input: { profissional_id: 22, data: '2026-12-01', servico_id: 11 } },
    ]);
  });

  it('when the asked time is free, then it books it; when it was just taken, then it books an offered alternative; after success it confirms', () => {
    const known = [booking, ...toolCall('listar_servicos', {}, SERVICES), ...toolCall('listar_profissionais', {}, PROFESSIONALS)];
    const looked = [...known, ...toolCall('buscar_horarios', { profissional_id: 22, data: '2026-12-01', servico_id: 11 }, SLOTS)];
    expect(decideNextStep(request(looked), TODAY).content[0]).toMatchObject({ name: 'agendar', input: { inicio: '2026-12-01T10:00' } });

    const taken = [
      ...looked,
      ...toolCall(
        'agendar',
        { profissional_id: 22, servico_id: 11, inicio: '2026-12-01T10:00' },
        'Esse horário acabou de ser ocupado. Livres mais próximos: 2026-12-01 10:45, 11:00.',
        true,
      ),
    ];
    expect(decideNextStep(request(taken), TODAY).content[0]).toMatchObject({ name: 'agendar', input: { inicio: '2026-12-01T10:45' } });

    const booked = [
      ...taken,
      ...toolCall(
        'agendar',
        { profissional_id: 22, servico_id: 11, inicio: '2026-12-01T10:45' },
        { agendamento: { agendamento_id: 5 }, ja_existia: false },
      ),
    ];
    const confirmation = decideNextStep(request(booked), TODAY);
    expect(confirmation.stopReason).toBe('end_turn');
    expect(textOf(confirmation)).toContain('Pronto, agendado! Corte com a Bia em 01/12 às 10:45');
  });

  it('when the customer wants to cancel, then it reads their appointments and cancels the first', () => {
    const ask: ApiMessage = { role: 'user', content: 'Preciso cancelar meu horário, por favor' };
    expect(decideNextStep(request([ask]), TODAY).content[0]).toMatchObject({ name: 'meus_agendamentos' });
    const listed = [
      ask,
      ...toolCall(
        'meus_agendamentos',
        {},
        { agendamentos: [{ agendamento_id: 42, status: 'agendado', profissional: { id: 22, nome: 'Bia' } }] },
      ),
    ];
    expect(decideNextStep(request(listed), TODAY).content[0]).toMatchObject({ name: 'cancelar', input: { agendamento_id: 42 } });
    const done = [
      ...listed,
      ...toolCall('cancelar', { agendamento_id: 42 }, { agendamento: { agendamento_id: 42 }, ja_estava_cancelado: false }),
    ];
    expect(textOf(decideNextStep(request(done), TODAY))).toMatch(/cancelei/);
  });

  it("when a booking waits for its deposit, then it says so in words the claim check lets through; a held-back answer's notice is not read as the customer's wish", () => {
    const known = [booking, ...toolCall('listar_servicos', {}, SERVICES), ...toolCall('listar_profissionais', {}, PROFESSIONALS)];
    const held = [
      ...known,
      ...toolCall('buscar_horarios', { profissional_id: 22, data: '2026-12-01', servico_id: 11 }, SLOTS),
      ...toolCall(
        'agendar',
        { profissional_id: 22, servico_id: 11, inicio: '2026-12-01T10:00' },
        { agendamento: { agendamento_id: 7, status: 'aguardando_sinal' }, ja_existia: false },
      ),
    ];
    const answer = textOf(decideNextStep(request(held), TODAY));
    expect(answer).toContain('aguarda o sinal por Pix');
    // The hold is no confirmed write: the answer must not state a change.
    expect(verifyAnswerClaims({ text: answer }, { writes: [], known: [], today: TODAY }).ok).toBe(true);

    const heldBack: ApiMessage[] = [
      ...held,
      { role: 'assistant', content: [{ type: 'text', text: 'Pronto, agendado!' }] },
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: 'AVISO DO SISTEMA: sua última resposta NÃO foi enviada ao cliente. Ela diz que algo foi agendado, cancelado ou remarcado, mas nenhuma chamada de agendar, cancelar ou remarcar teve sucesso.',
          },
        ],
      },
    ];
    const next = decideNextStep(request(heldBack), TODAY).content[0];
    expect(next).not.toMatchObject({ name: 'meus_agendamentos' });
    expect(next).not.toMatchObject({ name: 'cancelar' });
  });

  it('when the customer asks for a person, then it calls transferir_para_humano once', () => {
    const ask: ApiMessage = { role: 'user', content: 'Quero falar com um atendente' };
    expect(decideNextStep(request([ask]), TODAY).content[0]).toMatchObject({ name: 'transferir_para_humano' });
    const after = decideNextStep(request([ask, ...toolCall('transferir_para_humano', { motivo: 'x' }, { ok: true })]), TODAY);
    expect(after.stopReason).toBe('end_turn');
  });

  it('when tool_choice is none (forced final answer), then it answers in text without tools', () => {
    const step = decideNextStep(request([booking], { tool_choice: { type: 'none' } }), TODAY);
    expect(step.stopReason).toBe('end_turn');
    expect(step.content.every((block) => block.type === 'text')).toBe(true);
  });

  it('reads dates, times and professionals from pt-BR wishes', () => {
    expect(readCustomerIntent('Queria marcar uma coloração com a Ana dia 05/01 às 14h30', TODAY)).toEqual({
      kind: 'book',
      professional: 'Ana',
      service: 'Coloração',
      date: '2027-01-05',
      time: '14:30',
    });
  });
});

describe('loopback fakes', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  it('when the SDK calls the fake Messages API with a bearer key, then it gets a well-formed tool_use message and the call is logged', async () => {
    const fake = await startFakeAnthropic({
      random: createRandom(1),
      latencyMs: [5, 10],
      errorRate: 0,
      decide: schedulingModel('America/Sao_Paulo'),
    });
    closers.push(fake.close);
    const client = new Anthropic({ apiKey: 'test', baseURL: fake.url, maxRetries: 0 });
    const message = await client.messages.create({
      model: 'claude-sonnet-4-6',
      max_tokens: 512,
      tools: TOOLS.map((tool) => ({ ...tool, input_schema: { type: 'object' } })),
      messages: [{ role: 'user', content: booking.content as string }],
    });
    expect(message.stop_reason).toBe('tool_use');
    expect(message.id).toMatch(/^msg_01/);
    expect(message.content[0]).toMatchObject({ type: 'tool_use', id: expect.stringMatching(/^toolu_01/) });
    expect(message.usage.input_tokens).toBeGreaterThan(0);
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]).toMatchObject({ status: 200, outcome: 'tool_use', toolNames: ['listar_servicos', 'listar_profissionais'] });
  });

  it('when the fake is set to fail, then the SDK sees the real overloaded or api error', async () => {
    const fake = await startFakeAnthropic({
      random: createRandom(2),
      latencyMs: [1, 2],
      errorRate: 1,
      decide: schedulingModel('America/Sao_Paulo'),
    });
    closers.push(fake.close);
    const client = new Anthropic({ apiKey: 'test', baseURL: fake.url, maxRetries: 0 });
    const failure = await client.messages
      .create({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'oi' }] })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Anthropic.APIError);
    expect([500, 529]).toContain((failure as InstanceType<typeof Anthropic.APIError>).status);
    expect(['overloaded_error', 'api_error']).toContain(fake.calls[0]?.outcome);
  });

  it('when a message is sent with the right token, then the fake Graph logs it with its wamid; a wrong token gets 401', async () => {
    const graph = await startFakeGraph({ random: createRandom(3), latencyMs: [1, 2], errorRate: 0, acceptedTokens: new Set(['EAAG-ok']) });
    closers.push(graph.close);
    const send = (token: string) =>
      fetch(`${graph.url}/v23.0/106500/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: '5511999990000',
          type: 'text',
          text: { body: 'Olá!' },
        }),
      });
    const ok = await send('EAAG-ok');
    const body = (await ok.json()) as { messages: { id: string }[] };
    expect(ok.status).toBe(200);
    expect(graph.deliveries).toEqual([
      expect.objectContaining({ to: '5511999990000', text: 'Olá!', wamid: body.messages[0]?.id, phoneNumberId: '106500' }),
    ]);
    expect((await send('wrong')).status).toBe(401);
    expect(graph.deliveries).toHaveLength(1);
  });
});

describe('customer plan', () => {
  it('gives every customer exactly M messages, unique names, and racing groups one shared target', () => {
    const dates = upcomingWorkingDates(TODAY, 4);
    expect(dates.every((date) => [2, 3, 4, 5, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay()))).toBe(true);
    const plans = planCustomers({
      customers: 60,
      messagesPerCustomer: 5,
      tenants: 3,
      dates,
      random: createRandom(7),
      arrivalWindowMs: 1000,
    });
    expect(plans.every((plan) => plan.turns.flat().length === 5)).toBe(true);
    expect(new Set(plans.map((plan) => plan.name)).size).toBe(60);
    const racers = plans.filter((plan) => plan.racing);
    expect(racers.length).toBeGreaterThan(0);
    const byTarget = new Map<string, number>();
    for (const racer of racers)
      byTarget.set(
        JSON.stringify([racer.tenantIndex, racer.target]),
        (byTarget.get(JSON.stringify([racer.tenantIndex, racer.target])) ?? 0) + 1,
      );
    expect(Math.max(...byTarget.values())).toBeGreaterThan(1);
    expect(plans.filter((plan) => plan.turns.some((turn) => turn.length > 1)).length).toBeGreaterThan(0);
  });
});
