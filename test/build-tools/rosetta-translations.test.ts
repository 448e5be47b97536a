// eslint-disable-next-line @typescript-eslint/no-require-imports
const { applyTranslations } = require('../../build-tools/rosetta-translations.js');

function tablet(): any {
  return {
    snippets: {
      a: { translations: { $: { source: 'Metric.resourceCpu(t);\n' }, go: { source: 'broken', version: '2' }, python: { source: 'ok', version: '2' } } },
      b: { translations: { $: { source: 'other();' }, go: { source: 'untouched', version: '2' } } },
    },
  };
}

const file = (text: string) => [{ name: 'rosetta/translations/x.md', text }];

describe('rosetta-translations', () => {
  test('replaces the given languages of the snippet whose TypeScript matches, and only them', () => {
    const t = tablet();
    const result = applyTranslations(t, file('```ts\nMetric.resourceCpu(t);\n```\n\n```go\ncdk8shpa.Metric_ResourceCpu(t)\n```\n'));
    expect(result).toEqual({ replaced: 1, problems: [] });
    expect(t.snippets.a.translations.go).toEqual({ source: 'cdk8shpa.Metric_ResourceCpu(t)', version: '2' });
    expect(t.snippets.a.translations.python.source).toBe('ok');
    expect(t.snippets.b.translations.go.source).toBe('untouched');
  });

  test('a translation whose TypeScript matches no example is a problem (the example changed)', () => {
    const result = applyTranslations(tablet(), file('```ts\nMetric.resourceMemory(t);\n```\n\n```go\nx\n```\n'));
    expect(result.problems).toEqual([
      'rosetta/translations/x.md: its TypeScript matches no example in README.md or an @example tag (the example changed: update the file)',
    ]);
  });

  test('a file without exactly one ts block, or without a translation, is a problem', () => {
    expect(applyTranslations(tablet(), file('```go\nx\n```\n')).problems[0]).toMatch(/exactly one ```ts block .* found 0/);
    expect(applyTranslations(tablet(), file('```ts\nother();\n```\n')).problems[0]).toMatch(/no ```python, ```java or ```go block/);
  });
});
