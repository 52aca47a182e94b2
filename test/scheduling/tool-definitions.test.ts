import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schedulingToolDepsOf } from '../../src/boot/index.js';
import type { Db } from '../../src/db/index.js';
import { createSchedulingTools } from '../../src/scheduling/tools/index.js';
import { fixedClock, silentLogger } from '../../src/shared/index.js';
import { NOW } from './scheduling-test-kit.js';

// Building the definitions touches no database: the handlers only use `db` when called.
const tools = createSchedulingTools(schedulingToolDepsOf({ db: {} as Db, clock: fixedClock(NOW), logger: silentLogger }));

describe('scheduling tool definitions', () => {
  it('when created, then they are exactly the contract’s eight tools with pt-BR descriptions', () => {
    expect(tools.map((tool) => tool.name)).toEqual([
      'listar_servicos',
      'listar_profissionais',
      'buscar_horarios',
      'agendar',
      'meus_agendamentos',
      'cancelar',
      'remarcar',
      'entrar_lista_espera',
    ]);
    for (const tool of tools) expect(tool.description).toMatch(/[ãçéó]|Lista|Agenda|Cancela|Mostra|Muda/);
  });

  it('when turned into JSON schema, then arguments match the contract, ints are bounded to int4 and every field is described', () => {
    const schemas = Object.fromEntries(tools.map((tool) => [tool.name, z.toJSONSchema(tool.input) as Record<string, unknown>]));
    const properties = (name: string) => (schemas[name]?.properties ?? {}) as Record<string, Record<string, unknown>>;
    expect(Object.keys(properties('listar_servicos'))).toEqual([]);
    expect(Object.keys(properties('listar_profissionais'))).toEqual(['servico_id']);
    // A visit (`servicos`) replaces one service and professional, so those are required only without it (checked on parse).
    expect(Object.keys(properties('buscar_horarios'))).toEqual(['profissional_id', 'data', 'servico_id', 'servicos']);
    expect(schemas.buscar_horarios?.required).toEqual(['data']);
    expect(Object.keys(properties('agendar'))).toEqual(['profissional_id', 'servico_id', 'inicio', 'servicos']);
    expect(schemas.agendar?.required).toEqual(['inicio']);
    expect(Object.keys(properties('meus_agendamentos'))).toEqual([]);
    expect(Object.keys(properties('cancelar'))).toEqual(['agendamento_id']);
    expect(Object.keys(properties('remarcar'))).toEqual(['agendamento_id', 'inicio']);
    expect(Object.keys(properties('entrar_lista_espera'))).toEqual(['servico_id', 'data', 'periodo', 'profissional_id']);
    expect(schemas.entrar_lista_espera?.required).toEqual(['servico_id', 'data']);
    expect(properties('entrar_lista_espera').periodo?.enum).toEqual(['manha', 'tarde', 'noite']);
    for (const name of Object.keys(schemas)) {
      for (const [field, schema] of Object.entries(properties(name))) {
        expect(schema.description, `${name}.${field}`).toEqual(expect.any(String));
        if (schema.type === 'integer') {
          expect(schema.maximum, `${name}.${field}`).toBe(2_147_483_647);
          expect(schema.exclusiveMinimum ?? schema.minimum, `${name}.${field}`).toBe(0);
        }
      }
    }
  });
});
