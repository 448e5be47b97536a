/**
 * The import graph of src/, type-only imports included (eslint's import/no-cycle skips them):
 * no cycle, and no import from a layer above (docs/ARCHITECTURE.md).
 */
import * as fs from 'fs';
import * as path from 'path';

const SRC = path.join(__dirname, '..', 'src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

/** Module (path below src/, without `.ts`) to the modules of src/ it imports, statically or as types. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    const specifiers = [...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+'(\.[^']*)'/gm)].map(m => m[1]);
    const name = (f: string) => path.relative(SRC, f).replace(/\\/g, '/').replace(/\.ts$/, '');
    graph.set(name(file), specifiers.map(s => name(path.resolve(path.dirname(file), s))).map(m => (
      fs.existsSync(path.join(SRC, `${m}.ts`)) ? m : `${m}/index`
    )));
  }
  return graph;
}

/** The layer of a module: base (model, private), top (src/*.ts), validation, simulation, explain, manifests, cli. */
function layer(module: string): string {
  const dir = module.includes('/') ? module.split('/')[0] : 'top';
  return dir === 'model' || dir === 'private' ? 'base' : dir;
}

/** Which layers each layer may import. */
const ALLOWED: { [layer: string]: string[] } = {
  base: ['base'],
  top: ['base', 'top', 'validation', 'simulation', 'explain', 'manifests'],
  validation: ['base', 'top', 'validation'],
  simulation: ['base', 'top', 'simulation'],
  explain: ['base', 'top', 'validation', 'simulation', 'explain'],
  manifests: ['base', 'top', 'validation', 'manifests'],
  cli: ['base', 'top', 'validation', 'simulation', 'explain', 'manifests', 'cli'],
};

describe('the import graph of src/', () => {
  const graph = importGraph();

  test('reads every module and its imports', () => {
    expect(graph.get('validation/engine')).toContain('model/defaults');
    expect(graph.get('lazy-internals')?.sort()).toEqual([
      'explain/explainer', 'manifests/text-validation', 'simulation/history-input', 'simulation/hpa-spec', 'simulation/prometheus-matrix', 'simulation/replay-measures',
      'simulation/replay-report', 'simulation/result-csv', 'simulation/result-svg', 'simulation/simulation-run', 'validation/engine',
    ]);
  });

  test('has no cycle, counting type-only imports', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (module: string) => {
      if (state.get(module) === 'done') return;
      if (state.get(module) === 'open') {
        cycles.push([...stack.slice(stack.indexOf(module)), module].join(' -> '));
        return;
      }
      state.set(module, 'open');
      stack.push(module);
      for (const next of graph.get(module) ?? []) visit(next);
      stack.pop();
      state.set(module, 'done');
    };
    for (const module of graph.keys()) visit(module);
    expect(cycles).toEqual([]);
  });

  test('has no import from a layer above', () => {
    const upward = [...graph].flatMap(([module, imports]) => imports
      .filter(target => !ALLOWED[layer(module)].includes(layer(target)))
      .map(target => `${module} -> ${target}`));
    expect(upward).toEqual([]);
  });
});
