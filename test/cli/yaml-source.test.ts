import { parseSource, parseSourceWithYaml } from '../../src/manifests/yaml-source';

describe('parseSource', () => {
  test('parses every document of a multi-document source, with positions of keys and list items', () => {
    const docs = parseSource('# Source: chart/a.yaml\nkind: A\nspec:\n  items:\n    - name: x\n    - name: y\n---\nkind: B\n');
    expect(docs.map(d => d.value)).toEqual([{ kind: 'A', spec: { items: [{ name: 'x' }, { name: 'y' }] } }, { kind: 'B' }]);
    expect(docs[0].positionOf([])).toEqual({ line: 2, column: 1 });
    expect(docs[0].positionOf(['spec', 'items', 1])).toEqual({ line: 6, column: 7 });
    expect(docs[0].positionOf(['spec', 'items', 1, 'name'])).toEqual({ line: 6, column: 7 });
    expect(docs[1].positionOf(['kind'])).toEqual({ line: 8, column: 1 });
  });

  test('a missing field points at its nearest present parent', () => {
    const [doc] = parseSource('kind: A\nspec:\n  minReplicas: 1\n');
    expect(doc.positionOf(['spec', 'maxReplicas'])).toEqual({ line: 2, column: 1 });
    expect(doc.positionOf(['spec', 'metrics', 3, 'type'])).toEqual({ line: 2, column: 1 });
  });

  test('reads JSON, tab-indented too, with positions', () => {
    const [doc] = parseSource('{\n\t"spec": {\n\t\t"maxReplicas": 0\n\t}\n}\n');
    expect(doc.errors).toEqual([]);
    expect(doc.value).toEqual({ spec: { maxReplicas: 0 } });
    expect(doc.positionOf(['spec', 'maxReplicas'])).toEqual({ line: 3, column: 3 });
  });

  test('follows aliases and merge keys', () => {
    const [doc] = parseSource('base: &b\n  cpu: 1\nspec:\n  <<: *b\n  ref: *b\n');
    expect(doc.value).toEqual({ base: { cpu: 1 }, spec: { cpu: 1, ref: { cpu: 1 } } });
    expect(doc.positionOf(['spec', 'ref', 'cpu'])).toEqual({ line: 2, column: 3 });
  });

  test('reports syntax errors with their position and no value', () => {
    const [doc] = parseSource('a: 1\na: 2\n');
    expect(doc.value).toBeUndefined();
    expect(doc.errors).toEqual([{ message: 'Map keys must be unique', position: { line: 2, column: 1 } }]);
  });

  test('refuses a mapping key that is a collection, as an unrendered template makes one, at the key', () => {
    const [doc] = parseSource('metadata:\n  labels:\n    ns: {{ .fluxns }}\n');
    expect(doc.value).toBeUndefined();
    expect(doc.errors).toEqual([{ message: expect.stringContaining('a mapping key is itself a mapping or a list (an unrendered template'), position: { line: 3, column: 10 } }]);
  });

  test('an empty source has no documents', () => {
    expect(parseSource('')).toEqual([]);
  });
});

describe('parseSource reads as yaml alone does', () => {
  /** Every path of a plain value: its keys and items, depth first. */
  const pathsOf = (value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> => {
    if (value === null || typeof value !== 'object') return [prefix];
    const entries: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
    return [prefix, ...entries.flatMap(([k, v]) => pathsOf(v, [...prefix, k])), [...prefix, 'absent']];
  };

  const sources: { [name: string]: string } = {
    'block and flow styles, comments, several documents': '# head\napiVersion: v1\nkind: A\nspec:\n  items:\n    - name: x\n      ports: [{port: 1}, {port: 2}]\n    -   name: y\n  "quoted key": \'v\'\n---\n# second\nkind: B\nlist: [1, 2,\n  3]\n--- {kind: C, a: {b: [x]}}\n',
    'core-schema scalars': 'a: 1_000\nb: 0o17\nc: 0x1F\nd: 017\ne: .inf\nf: -.Inf\ng: .nan\nh: 1e3\ni: 2001-12-14\nj: yes\nk: ~\nl: True\nm: +12\nn: 1.50\no: "2"\np: 0b101\nq: 12345678901234567890\n',
    'block scalars and multi-line strings': 'a: |\n  line\n  --- not a marker inside\nb: >-\n  folded\n  text\nc: "two\n  lines"\nd: plain\n  continued\n',
    'keys of other types': '1: a\ntrue: b\n1.5: c\nnull: d\n~: e\n',
    'anchors, aliases, merge keys and tags': 'base: &b {cpu: 1}\nspec:\n  <<: *b\n  ref: *b\n  n: !!str 12\n',
    'explicit keys, empty values and document ends': '? a\n: 1\nb:\nc:\n  -\n  - x\n...\n---\nd: 1\n',
    'a flow mapping over lines in a block': 'metrics: [\n  {type: Resource}]\nspec: {\n  a: 1}\n',
    'JSON with tabs': '{\n\t"spec": {\n\t\t"maxReplicas": 0,\n\t\t"list": [1, {"a": null}]\n\t}\n}\n',
    'layouts of keys, items and values': 'a:\n- x\n- {y: 1}\nb:\n  -\n    name: n\n  - - deep\n    - [1, [2, {z: 3}]]\nc:\n  [1, 2]\nd:\n  {e: f}\n"g": \'h\'\n\'i j\': # note\n  k: l\n\n  # between\n  m: long plain\n    value\nn: [ {o: p}, q ]\nr: {s: [t, u], v: {w: x}}\n  # trailing\n',
    'a List of objects': 'kind: List\nitems:\n- kind: HorizontalPodAutoscaler\n  spec: {minReplicas: 1}\n- kind: Deployment\n',
    'empty documents and comments only': '# nothing\n---\n---\n# still nothing\n---\na: 1\n',
    'a syntax error in a later document': 'a: 1\n---\nb: [1\n---\nc: 2\n',
    'duplicate keys': 'a: 1\n---\nb: 1\nb: 2\n',
    'a directive': '%YAML 1.2\n---\na: 1\n',
    'flow collections over lines, not indented enough': 'a: [\n1]\nb: {\nc: 1}\n',
    'a lone CR': 'a: 1\r\nb: 2\r',
    'a key longer than 1024 characters': `${'k'.repeat(1100)}: 1\n`,
    'CRLF line ends': 'a: 1\r\nb:\r\n  c: 2\r\n---\r\nd: [1]\r\n',
    'collection keys (unrendered templates)': 'a: {{ .name }}\n---\nb: { [1, 2]: x }\n---\nc: {{x: 1}: y}\n',
  };

  test.each(Object.keys(sources))('%s', name => {
    const text = sources[name];
    const fast = parseSource(text);
    const reference = parseSourceWithYaml(text);
    const meaningful = (docs: ReturnType<typeof parseSource>) => docs
      .filter(d => d.value !== null && d.value !== undefined || d.errors.length > 0)
      .map(d => ({ value: d.value, errors: d.errors }));
    expect(meaningful(fast)).toEqual(meaningful(reference));
    const withValues = (docs: ReturnType<typeof parseSource>) => docs.filter(d => d.value !== null && d.value !== undefined);
    withValues(reference).forEach((doc, i) => {
      for (const path of pathsOf(doc.value)) {
        expect({ path, position: withValues(fast)[i].positionOf(path) }).toEqual({ path, position: doc.positionOf(path) });
      }
    });
  });
});
