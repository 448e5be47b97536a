/**
 * The import graph of src/, type-only imports and lazy `require()`s included (eslint's
 * import/no-cycle skips both): no cycle, and no import from a layer above (docs/ARCHITECTURE.md).
 * The layers are defined here, once.
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

/** Module (path below src/, without `.ts`) to the modules of src/ it imports: statically, as types, or with `require()`. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    const specifiers = [
      ...[...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+'(\.[^']*)'/gm)].map(m => m[1]),
      ...[...text.matchAll(/\brequire\('(\.[^']*)'\)/g)].map(m => m[1]),
    ];
    const name = (f: string) => path.relative(SRC, f).replace(/\\/g, '/').replace(/\.ts$/, '');
    graph.set(name(file), specifiers.map(s => name(path.resolve(path.dirname(file), s))).map(m => (
      fs.existsSync(path.join(SRC, `${m}.ts`)) ? m : `${m}/index`
    )));
  }
  return graph;
}

/**
 * The layers, bottom first: a module may import its own layer and the layers below it, except
 * where `APART` keeps two layers of one level from each other.
 */
const LAYERS: Array<[string, (module: string) => boolean]> = [
  ['base', m => m.startsWith('model/') || m.startsWith('private/')],
  ['values', m => !m.includes('/') && !FRONT_ENDS.includes(m) && m !== 'toolkit'],
  ['engines', m => m.startsWith('validation/') || m.startsWith('simulation/')],
  // Recorded history replayed through the controller's port (as the controller keeps metrics/ apart).
  ['history', m => m.startsWith('history/')],
  ['inputs', m => m.startsWith('manifests/')],
  ['explain', m => m.startsWith('explain/')],
  // The tuner's search: above both engines, it reads the replay's steps and the validator's verdicts.
  ['tuning', m => m.startsWith('tuning/')],
  ['front', m => FRONT_ENDS.includes(m)],
  // The command line's door (the package cdk8s-hpa-cli, cli/, reaches the library only through it).
  ['toolkit', m => m === 'toolkit'],
];

/** The public front ends and the settings they read, above the engines. */
const FRONT_ENDS = ['index', 'horizontal-pod-autoscaler-v2', 'hpa-validator', 'hpa-simulator', 'hpa-explainer', 'hpa-tuner', 'hpa-config', 'config-file'];

/** Folders that do not import each other: the two engines; recorded history and the validation engine. */
const APART: Array<[string, string]> = [['validation/', 'simulation/'], ['history/', 'validation/']];

function layerOf(module: string): number {
  const i = LAYERS.findIndex(([, holds]) => holds(module));
  if (i < 0) throw new Error(`${module}: in no layer of test/architecture.test.ts`);
  return i;
}

describe('the import graph of src/', () => {
  const graph = importGraph();

  test('reads every module and its imports, lazy ones too', () => {
    expect(graph.get('validation/engine')).toContain('model/defaults');
    expect(graph.get('hpa-validator')).toEqual(expect.arrayContaining(['validation/engine', 'manifests/check-inputs']));
    expect(graph.get('simulation/simulation-result')).toEqual(expect.arrayContaining(['simulation/result-csv', 'simulation/result-svg']));
  });

  test('has every module in a layer', () => {
    expect([...graph.keys()].filter(m => !LAYERS.some(([, holds]) => holds(m)))).toEqual([]);
  });

  test('has no cycle, counting type-only and lazy imports', () => {
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

  test('has no import from a layer above, counting type-only and lazy imports', () => {
    const upward = [...graph].flatMap(([module, imports]) => imports
      .filter(target => layerOf(target) > layerOf(module))
      .map(target => `${module} (${LAYERS[layerOf(module)][0]}) -> ${target} (${LAYERS[layerOf(target)][0]})`));
    expect(upward).toEqual([]);
  });

  test('keeps the validation engine and the simulator apart', () => {
    const across = [...graph].flatMap(([module, imports]) => imports
      .filter(target => APART.some(([a, b]) => (module.startsWith(a) && target.startsWith(b)) || (module.startsWith(b) && target.startsWith(a))))
      .map(target => `${module} -> ${target}`));
    expect(across).toEqual([]);
  });
});

describe('the command line package (cli/)', () => {
  const CLI_SRC = path.join(__dirname, '..', 'cli', 'src');
  const files = sourceFiles(CLI_SRC).filter(f => !f.endsWith('.test.ts'));

  test('reaches the library only through its door, cdk8s-hpa/lib/toolkit', () => {
    const doors = files.flatMap(file => [...fs.readFileSync(file, 'utf8').matchAll(/\bfrom\s+'(cdk8s-hpa[^']*)'|\brequire\('(cdk8s-hpa[^']*)'\)/g)]
      .map(m => m[1] ?? m[2]));
    expect(doors.length).toBeGreaterThan(10);
    expect([...new Set(doors)]).toEqual(['cdk8s-hpa/lib/toolkit']);
  });

  test('imports nothing outside cli/src by relative path', () => {
    const outside = files.flatMap(file => [...fs.readFileSync(file, 'utf8').matchAll(/\bfrom\s+'(\.[^']*)'|\brequire\('(\.[^']*)'\)/g)]
      .map(m => path.resolve(path.dirname(file), m[1] ?? m[2]))
      .filter(target => !target.startsWith(CLI_SRC + path.sep))
      .map(target => `${path.relative(CLI_SRC, file)} -> ${target}`));
    expect(outside).toEqual([]);
  });
});
