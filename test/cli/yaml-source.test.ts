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

  test('an empty source has no documents', () => {
    expect(parseSource('')).toEqual([]);
  });
});
