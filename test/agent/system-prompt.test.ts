import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildSystemPrompt } from '../../src/agent/build-system-prompt.js';
import { createToolRegistry } from '../../src/agent/tool-registry.js';
import { schedulingToolDepsOf } from '../../src/boot/index.js';
import type { Db } from '../../src/db/index.js';
import { createSchedulingTools } from '../../src/scheduling/tools/index.js';
import { defineTool, fixedClock, silentLogger } from '../../src/shared/index.js';

const tenant = { name: 'Salão da Ana', businessInfo: 'Rua X, 10.', timezone: 'America/Sao_Paulo' };
const NOW = new Date('2026-12-01T13:00:00Z');
const registry = createToolRegistry(
  createSchedulingTools(schedulingToolDepsOf({ db: {} as Db, clock: fixedClock(NOW), logger: silentLogger })),
);
const promptOf = (hints: readonly string[]) => buildSystemPrompt(tenant, NOW, hints)[0]?.text ?? '';

/** The snake_case names of a tool's input: tool parameters, unmistakable for Portuguese words. */
const parameterNames = (input: z.ZodType) =>
  input instanceof z.ZodObject ? Object.keys(input.shape).filter((key) => key.includes('_')) : [];

describe('the system prompt names tools only through their definitions', () => {
  it('when the prompt is built, then every rule that names a tool comes from that tool, under its current name', () => {
    const prompt = promptOf(registry.promptHints);
    for (const name of ['buscar_horarios', 'listar_servicos', 'listar_profissionais', 'responder_cliente', 'transferir_para_humano']) {
      expect(prompt, name).toContain(name);
      expect(
        registry.promptHints.some((hint) => hint.includes(name)),
        name,
      ).toBe(true);
    }
    expect(prompt).toMatch(/use esse agendamento_id/);
    expect(prompt).toMatch(/afirma "nao_e_possivel"/);
  });

  it('when the prompt is built without tool hints, then it names no tool and no parameter', () => {
    const bare = promptOf([]);
    const names = registry.names.flatMap((name) => [name, ...parameterNames(registry.find(name)!.input)]);
    // The one-word tool names (agendar, cancelar, remarcar) are also the Portuguese verbs the rules use.
    for (const name of names.filter((candidate) => candidate.includes('_'))) expect(bare, name).not.toContain(name);
    const source = readFileSync(join(import.meta.dirname, '../../src/agent/build-system-prompt.ts'), 'utf8');
    for (const name of names.filter((candidate) => candidate.includes('_'))) expect(source, name).not.toContain(name);
  });

  it('when a tool is renamed, then its rule follows the new name', () => {
    const renamed = defineTool({
      name: 'consultar_agenda',
      description: 'x',
      effect: 'read',
      input: z.object({}),
      promptHint: (name) => `Consulte ${name} antes de oferecer horários.`,
      handler: async () => ({}),
    });
    const prompt = promptOf(createToolRegistry([renamed]).promptHints);
    expect(prompt).toContain('- Consulte consultar_agenda antes de oferecer horários.');
    expect(prompt).not.toContain('buscar_horarios');
  });
});
