import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolRegistry } from '../../src/agent/tool-registry.js';
import { TRANSFER_TOOL_NAME } from '../../src/agent/transfer-to-human-tool.js';
import { defineTool } from '../../src/shared/index.js';

const toolNamed = (name: string) =>
  defineTool({ name, description: 'uma ferramenta', effect: 'read', input: z.object({}), handler: async () => ({ ok: true }) });

describe('createToolRegistry', () => {
  it('when the tools have distinct names, then each is found and the agent adds its own after them', () => {
    const registry = createToolRegistry([toolNamed('listar_a'), toolNamed('listar_b')]);
    expect(registry.names.slice(0, 2)).toEqual(['listar_a', 'listar_b']);
    expect(registry.names).toContain(TRANSFER_TOOL_NAME);
    expect(registry.find('listar_b')?.name).toBe('listar_b');
  });

  it('when two given tools share a name, then it refuses loudly', () => {
    expect(() => createToolRegistry([toolNamed('agendar'), toolNamed('agendar')])).toThrow('duplicate tool name: agendar');
  });

  it("when a given tool takes the name of one of the agent's own, then it refuses instead of dropping it", () => {
    expect(() => createToolRegistry([toolNamed(TRANSFER_TOOL_NAME)])).toThrow(`duplicate tool name: ${TRANSFER_TOOL_NAME}`);
  });
});
