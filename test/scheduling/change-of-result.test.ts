import { describe, expect, it } from 'vitest';
import { schedulingToolDepsOf } from '../../src/boot/index.js';
import type { Db } from '../../src/db/index.js';
import { createSchedulingToolSet } from '../../src/scheduling/tools/index.js';
import { fixedClock, silentLogger } from '../../src/shared/index.js';

// Only the definitions are read here: no handler runs, so no database is needed.
const tools = createSchedulingToolSet(
  schedulingToolDepsOf({ db: {} as Db, clock: fixedClock('2026-12-01T12:00:00Z'), logger: silentLogger }),
);
const resumo = {
  agendamento_id: 12,
  status: 'agendado' as const,
  data: '2026-12-05',
  dia_semana: 'sábado',
  inicio: '09:00',
  fim: '09:45',
  profissional: { id: 1, nome: 'Ana' },
  servico: { id: 2, nome: 'Corte', duracao_minutos: 45 },
};

describe('scheduling write tools: what their definitions declare', () => {
  it('when a write tool is defined, then it names the change it makes; the read tools declare none', () => {
    const claims = Object.values(tools).map((tool) => [tool.name, tool.effect === 'write' ? tool.claims : null]);
    expect(Object.fromEntries(claims)).toEqual({
      listar_servicos: null,
      listar_profissionais: null,
      buscar_horarios: null,
      agendar: 'booked',
      meus_agendamentos: null,
      cancelar: 'cancelled',
      remarcar: 'rescheduled',
      // joining the waitlist books nothing: it backs no claim of a change
      entrar_lista_espera: null,
    });
  });

  it('when a write answers, then its change is the appointment its output names, with the old slot of a reschedule', () => {
    expect(tools.book.effect === 'write' && tools.book.changeOf({ agendamento: resumo, ja_existia: false })).toEqual({
      appointmentId: 12,
      date: '2026-12-05',
      start: '09:00',
      end: '09:45',
    });
    const rescheduled = { agendamento: resumo, anterior: { agendamento_id: 7, data: '2026-12-02', inicio: '10:30' }, ja_existia: false };
    expect(tools.reschedule.effect === 'write' && tools.reschedule.changeOf(rescheduled)).toEqual({
      appointmentId: 12,
      date: '2026-12-05',
      start: '09:00',
      end: '09:45',
      // same service and professional: the old slot lasted as long
      previous: { appointmentId: 7, date: '2026-12-02', start: '10:30', end: '11:15' },
    });
  });
});
