import { describe, expect, it } from 'vitest';
import { committedDiagram, currentDiagram, folderOf, renderMermaid } from '../../scripts/architecture-diagram.js';

describe('the architecture diagram', () => {
  it('committed in docs/architecture.md is the one the dependency checker draws today', () => {
    // Stale after a folder or an import between folders changed: run `npm run architecture:diagram`.
    expect(committedDiagram()).toBe(currentDiagram());
  }, 60_000);

  it('draws each folder inside its layer and each import between folders once', () => {
    const layers = [
      { name: 'edges', folders: ['admin'] },
      { name: 'domain', folders: ['scheduling', 'handoff'] },
      { name: 'infrastructure', folders: ['graph', 'shared'] },
    ];
    const modules = [
      { source: 'src/admin/a.ts', dependencies: [{ resolved: 'src/scheduling/index.ts' }, { resolved: 'node_modules/express/index.js' }] },
      { source: 'src/admin/b.ts', dependencies: [{ resolved: 'src/scheduling/index.ts' }, { resolved: 'src/shared/index.ts' }] },
      { source: 'src/scheduling/index.ts', dependencies: [{ resolved: 'src/graph/index.ts' }] },
      { source: 'src/graph/index.ts', dependencies: [] },
      { source: 'src/shared/index.ts', dependencies: [] },
    ];
    const diagram = renderMermaid(layers, modules);
    expect(diagram.split('\n').filter((line) => line.includes('-->'))).toEqual([
      '  n_admin --> n_scheduling',
      '  n_scheduling --> n_graph',
    ]);
    // handoff/ has no module here, so it is not drawn; shared/ is drawn without its incoming arrows.
    expect(diagram).not.toContain('n_handoff');
    expect(diagram).toContain('subgraph infrastructure["infrastructure"]\n    n_graph["graph/"]\n    n_shared["shared/"]\n  end');
    expect(diagram).toContain('  edges ~~~ domain ~~~ infrastructure');
  });

  it('names folders by their place in the tree', () => {
    expect(folderOf('src/main.ts')).toBe('main.ts');
    expect(folderOf('src/scheduling/agenda/index.ts')).toBe('scheduling');
    expect(folderOf('console-ui/src/app.tsx')).toBe('console-ui');
    expect(folderOf('node_modules/pg/lib/index.js')).toBeNull();
  });
});
