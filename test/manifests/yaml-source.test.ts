import { comparePlaces, readings as reads, yamlReads } from './yaml-reference';
import { parseSource } from '../../src/manifests/yaml-source';

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

  test('refuses a mapping key that is a collection, at the key', () => {
    const [doc] = parseSource('metadata:\n  labels:\n    ns: { {a: 1}: b }\n');
    expect(doc.value).toBeUndefined();
    expect(doc.errors).toEqual([{ message: expect.stringContaining('a mapping key is itself a mapping or a list (an unrendered template'), position: { line: 3, column: 11 } }]);
  });

  test('an empty source has no documents', () => {
    expect(parseSource('')).toEqual([]);
  });
});

describe('positions in sources of several parts', () => {
  test('each document is placed in the whole text: after comments, empty documents, document ends and CRLF lines', () => {
    const docs = parseSource('# head\n---\n# nothing\n---\r\nkind: A\r\nspec:\r\n  x: 1\r\n...\r\nkind: B\r\n--- {kind: C,\n  a: [1, {b: 2}]}\n');
    const withValues = docs.filter(d => d.value !== null);
    expect(withValues.map(d => d.value)).toEqual([{ kind: 'A', spec: { x: 1 } }, { kind: 'B' }, { kind: 'C', a: [1, { b: 2 }] }]);
    expect(withValues[0].positionOf(['spec', 'x'])).toEqual({ line: 7, column: 3 });
    expect(withValues[1].positionOf(['kind'])).toEqual({ line: 9, column: 1 });
    expect(withValues[2].positionOf(['a', 1, 'b'])).toEqual({ line: 11, column: 11 });
  });

  test('a document after one with a syntax error is read and placed', () => {
    const docs = parseSource('a: 1\n---\nb: [1\n---\nkind: List\nitems:\n- kind: HorizontalPodAutoscaler\n  spec: {minReplicas: 1}\n');
    expect(docs.map(d => d.errors.length)).toEqual([0, 1, 0]);
    expect(docs[1].errors[0].position.line).toBe(4);
    expect(docs[2].positionOf(['items', 0, 'spec', 'minReplicas'])).toEqual({ line: 8, column: 10 });
    expect(docs[2].positionOf(['items', 0, 'spec', 'maxReplicas'])).toEqual({ line: 8, column: 3 });
  });
});

describe('parseSource reads values and errors as YAML 1.2 does (as yaml reads them)', () => {
  const sources: { [name: string]: string } = {
    'block and flow styles, comments, several documents': '# head\napiVersion: v1\nkind: A\nspec:\n  items:\n    - name: x\n      ports: [{port: 1}, {port: 2}]\n    -   name: y\n  "quoted key": \'v\'\n---\n# second\nkind: B\nlist: [1, 2,\n  3]\n--- {kind: C, a: {b: [x]}}\n',
    'core-schema scalars': 'a: 1_000\nb: 0o17\nc: 0x1F\nd: 017\ne: .inf\nf: -.Inf\ng: .nan\nh: 1e3\ni: 2001-12-14\nj: yes\nk: ~\nl: True\nm: +12\nn: 1.50\no: "2"\np: 0b101\nq: 12345678901234567890\nr: on\ns: n\nt: -0\nu: .5\nv: 1.\nw: 08\n',
    'block scalars and multi-line strings': 'a: |\n  line\n  --- not a marker inside\nb: >-\n  folded\n  text\nc: "two\n  lines"\nd: plain\n  continued\n',
    'keys of other types': '1: a\ntrue: b\n1.5: c\n',
    'anchors, aliases, merge keys and tags': 'base: &b {cpu: 1}\nspec:\n  <<: *b\n  ref: *b\n  n: !!str 12\n  m: !!int "3"\n  f: !!float 1.5\n',
    'explicit keys, empty values and document ends': '? a\n: 1\nb:\nc:\n  - x\n  - []\n...\n---\nd: 1\n',
    'a flow mapping over lines in a block': 'metrics: [\n  {type: Resource}]\nspec: {\n  a: 1}\n',
    'JSON with tabs': '{\n\t"spec": {\n\t\t"maxReplicas": 0,\n\t\t"list": [1, {"a": null}]\n\t}\n}\n',
    'layouts of keys, items and values': 'a:\n- x\n- {y: 1}\nb:\n  -\n    name: n\n  - - deep\n    - [1, [2, {z: 3}]]\nc:\n  [1, 2]\nd:\n  {e: f}\n"g": \'h\'\n\'i j\': # note\n  k: l\n\n  # between\n  m: long plain\n    value\nn: [ {o: p}, q ]\nr: {s: [t, u], v: {w: x}}\n  # trailing\n',
    'a List of objects': 'kind: List\nitems:\n- kind: HorizontalPodAutoscaler\n  spec: {minReplicas: 1}\n- kind: Deployment\n',
    'empty documents and comments only': '# nothing\n---\n---\n# still nothing\n---\na: 1\n',
    'a syntax error in a later document': 'a: 1\n---\nb: [1\n---\nc: 2\n',
    'duplicate keys': 'a: 1\n---\nb: 1\nb: 2\n',
    'bad indentation': 'a:\n  b: 1\n c: 2\n',
    'a tab as indentation': 'a:\n\tb: 1\n',
    'an unclosed quote': 'a: "abc\n',
    'a directive': '%YAML 1.2\n---\na: 1\n',
    'CRLF line ends': 'a: 1\r\nb:\r\n  c: 2\r\n---\r\nd: [1]\r\n',
  };

  test.each(Object.keys(sources))('%s: values and errors, and the position of every field path', name => {
    const docs = parseSource(sources[name]);
    expect(reads(docs)).toEqual(yamlReads(sources[name]));
    const placed = comparePlaces(sources[name], docs);
    expect(placed.difference).toBeUndefined();
    // Sources with one document, refused, have no positions to compare.
    expect(placed.compared > 0 || docs.every(d => d.errors.length > 0)).toBe(true);
  });

  test('plain scalars resolve as YAML 1.2 core, not as YAML 1.1 (kubectl reads yes, on and y as true, 017 as 15)', () => {
    const [doc] = parseSource('a: yes\nb: on\nc: y\nd: no\ne: 0o17\nf: 017\ng: 1e3\nh: 1_000\ni: 0b101\nj: 2001-12-14\nk: ~\nl: True\nm: .inf\nn: 0x1F\no: "2"\n');
    expect(doc.value).toEqual({
      a: 'yes', b: 'on', c: 'y', d: 'no', e: 15, f: 17, g: 1000, h: '1_000', i: '0b101', j: '2001-12-14', k: null, l: true, m: Infinity, n: 31, o: '2',
    });
  });
});

describe('where js-yaml and yaml differ, as kubectl reads', () => {
  test('a flow collection whose lines are not indented is read (as kubectl reads it; yaml refuses it)', () => {
    const text = 'a: [\n1]\nb: {\nc: 1}\n';
    expect(reads(parseSource(text))).toEqual([{ value: { a: [1], b: { c: 1 } }, errors: [] }]);
    expect(yamlReads(text)[0].errors.length).toBeGreaterThan(0);
  });

  test('the items of a list with an empty item are placed at the list (js-yaml composes no node for it)', () => {
    const [doc] = parseSource('c:\n  -\n  - x\n');
    expect(doc.value).toEqual({ c: [null, 'x'] });
    expect(doc.positionOf(['c', 1])).toEqual({ line: 1, column: 1 });
  });

  test('a null key is the string "null" (yaml makes it "", kubectl refuses it)', () => {
    expect(parseSource('null: 1\n~: 2\n')[0].errors).toEqual([{ message: 'Map keys must be unique', position: { line: 2, column: 1 } }]);
    expect(parseSource('~: 2\n')[0].value).toEqual({ null: 2 });
  });

  test('an empty list item takes the less indented items after it into its list (js-yaml misreads it; yaml and kubectl do not)', () => {
    expect(parseSource('- a:\n   -\n- b\n')[0].value).toEqual([{ a: [null, 'b'] }]);
  });

  test('a lone carriage return ends a line (as kubectl reads it; yaml keeps it in the scalar)', () => {
    expect(reads(parseSource('a: 1\r\nb: 2\r'))).toEqual([{ value: { a: 1, b: 2 }, errors: [] }]);
  });

  test('a mapping key that is a collection is refused, at the key (js-yaml makes a string of it, kubectl refuses it)', () => {
    const docs = parseSource('a: 1\n---\nb: { [1, 2]: x }\n---\nc: {{x: 1}: y}\n---\nd: {"a,b": 1, \'[object Object]\': 2}\n');
    expect(docs.map(d => d.value)).toEqual([{ a: 1 }, undefined, undefined, { d: { 'a,b': 1, '[object Object]': 2 } }]);
    expect(docs.map(d => d.errors.map(e => e.position))).toEqual([[], [{ line: 3, column: 6 }], [{ line: 5, column: 5 }], []]);
  });

  test('aliases that expand a document past what its text could hold are refused, not expanded', () => {
    const levels = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 12; i++) levels.push(`a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(', ')}]`);
    const [doc] = parseSource(levels.join('\n'));
    expect(doc.value).toBeUndefined();
    expect(doc.errors).toEqual([{ message: 'Excessive alias count indicates a resource exhaustion attack', position: { line: 1, column: 1 } }]);
    // An anchor used many times over is fine.
    const [fine] = parseSource(`base: &b {cpu: 1, memory: 2}\nuses: [${Array(2000).fill('*b').join(', ')}]\n`);
    expect(fine.errors).toEqual([]);
    expect((fine.value as any).uses).toHaveLength(2000);
  });

  test('collections nested 200 deep are read and placed; deeper is an error, not a crash', () => {
    const nested = (depth: number) => `a: ${'['.repeat(depth)}${']'.repeat(depth)}\n`;
    const [deep] = parseSource(nested(198));
    expect(deep.errors).toEqual([]);
    expect(deep.positionOf(['a', ...Array(197).fill(0)])).toEqual({ line: 1, column: 201 });
    for (const depth of [201, 100000]) {
      const [doc] = parseSource(nested(depth));
      expect(doc.value).toBeUndefined();
      expect(doc.errors).toEqual([{ message: 'nesting exceeded maxDepth (200)', position: { line: 1, column: 203 } }]);
    }
  });
});

describe('unrendered templates', () => {
  const hpaTemplate = [
    '{{- if .Values.autoscaling.enabled }}',
    'apiVersion: autoscaling/v2',
    'kind: HorizontalPodAutoscaler',
    'metadata:',
    '  name: {{ include "web.fullname" . }}',
    '  labels:',
    '    {{- include "web.labels" . | nindent 4 }}',
    'spec:',
    '  minReplicas: {{ .Values.autoscaling.minReplicas }}',
    '{{- end }}',
    '',
  ].join('\n');

  test('a template is one error, at its first action that breaks the YAML, naming the command that renders it', () => {
    const docs = parseSource(hpaTemplate);
    expect(docs).toHaveLength(1);
    expect(docs[0].value).toBeUndefined();
    expect(docs[0].errors).toEqual([{
      message: 'an unrendered template: {{- if .Values.autoscaling.enabled }} is a template action, where YAML was expected; '
        + 'render it, then check the output: helm template RELEASE CHART | cdk8s-hpa validate -',
      position: { line: 1, column: 1 },
    }]);
  });

  test('so is a template whose actions are values, or break the YAML in a later document; long actions are cut', () => {
    const [values] = parseSource('kind: Service\nmetadata:\n  name: web\nspec:\n  type: {{ .Values.service.type | default "ClusterIP" | quote | trimSuffix "x" }}\n');
    expect(values.errors).toEqual([{ message: expect.stringContaining('template: {{ .Values.service.type | default "ClusterIP" | quote | ...}} is'), position: { line: 5, column: 9 } }]);
    const docs = parseSource(`kind: ConfigMap\nmetadata:\n  name: plain\n---\n${hpaTemplate}`);
    expect(docs.map(d => d.errors[0]?.position)).toEqual([{ line: 5, column: 1 }]);
  });

  test('rendered YAML whose strings hold template actions is read as it is (alert annotations, Argo parameters, block scalars)', () => {
    const text = [
      'annotations:',
      '  summary: "{{ $labels.pod }} is down"',
      '  description: Pod {{ $labels.pod }} restarted {{ $value }} times',
      'args: ["{{inputs.parameters.message}}"]',
      'data:',
      '  slack.tmpl: |',
      '    {{ define "slack.title" }}{{ .CommonLabels.alertname }}{{ end }}',
      '',
    ].join('\n');
    const [doc] = parseSource(text);
    expect(doc.errors).toEqual([]);
    expect(doc.value).toEqual({
      annotations: { summary: '{{ $labels.pod }} is down', description: 'Pod {{ $labels.pod }} restarted {{ $value }} times' },
      args: ['{{inputs.parameters.message}}'],
      data: { 'slack.tmpl': '{{ define "slack.title" }}{{ .CommonLabels.alertname }}{{ end }}\n' },
    });
  });

  test('a syntax error elsewhere in rendered YAML with template strings stays a syntax error', () => {
    const [doc] = parseSource('annotations:\n  summary: "{{ $labels.pod }} is down"\n   description: x\n');
    expect(doc.errors.map(e => e.message)).not.toContainEqual(expect.stringContaining('template'));
    expect(doc.errors[0].position.line).toBe(3);
  });
});
