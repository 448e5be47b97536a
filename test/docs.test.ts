/**
 * The docs (README.md and docs/*.md): the generated pages are up to date, every relative link
 * and anchor resolves, and every TypeScript example compiles against src/ with its own imports
 * and prints or renders what the docs show after it.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as yaml from 'js-yaml';
import { docsFiles, FencedBlock, fencedBlocks, readDoc, ROOT, runExample, typecheck } from './docs-examples';
import { FINDINGS } from '../src/explain/finding-catalog';
import { FindingLevel } from '../src/explain/hpa-explanation';
import { INPUT_RULES } from '../src/manifests/input-rules';
import { isAdjustableRule, ruleDocUrl, RULES } from '../src/validation/rule-catalog';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const docs = require('../build-tools/docs.js');

const CATALOG = { RULES, isAdjustableRule, FINDINGS, FindingLevel, INPUT_RULES };

interface Example extends FencedBlock {
  readonly file: string;
  /** The fenced block after it (after its translations), which shows what it prints or renders. */
  readonly next?: FencedBlock;
}

/** The other languages' versions of an example, which follow it (test/bindings/README.md). */
const TRANSLATION = new Set(['python', 'java', 'go']);

const EXAMPLES: Example[] = docsFiles().flatMap(file => {
  const blocks = fencedBlocks(readDoc(file));
  return blocks
    .map((b, i) => ({ ...b, file, next: blocks.slice(i + 1).find(n => !TRANSLATION.has(n.lang)) }))
    .filter(b => b.lang === 'ts');
});
const where = (e: Example) => `${e.file}:${e.line}`;

describe('generated pages', () => {
  const generated: Array<[string, string]> = docs.generatedFiles(CATALOG).map((g: { file: string; text: string }) => [g.file, g.text]);
  test.each(generated)('%s is what build-tools/docs.js writes from the catalogs', (file, text) => {
    const committed = readDoc(file);
    if (committed !== text) {
      throw new Error(`${file} is stale: the rule catalog changed. Run \`npx projen compile && npx projen docs\` and commit ${file}.`);
    }
  });

  test('every rule, explain finding and input rule has the anchor its docs link names', () => {
    const anchors = docs.anchorsOf(readDoc('docs/rules.md'));
    const ids = [...Object.keys(RULES), ...Object.keys(FINDINGS), ...INPUT_RULES.map(r => r.id)];
    expect(ids.length).toBeGreaterThan(90);
    const missing = ids.filter(id => {
      const url = ruleDocUrl(id);
      return !url.startsWith('https://github.com/cdk8s-hpa/cdk8s-hpa/blob/main/docs/rules.md#') || !anchors.has(url.split('#')[1]);
    });
    expect(missing).toEqual([]);
  });
});

describe('links', () => {
  test('every relative link and anchor of README.md and docs/*.md resolves', () => {
    const problems: string[] = docs.brokenLinks(ROOT);
    if (problems.length > 0) throw new Error(`broken links:\n  ${problems.join('\n  ')}`);
  });

  test('the link check fails on a missing file and on a missing anchor, and follows GitHub\'s anchors', () => {
    // README.md links by the repository's address (it is the registries' page too), checked as files.
    const REPO = 'https://github.com/cdk8s-hpa/cdk8s-hpa/blob/main/';
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-docs-'));
    fs.mkdirSync(path.join(dir, 'docs'));
    fs.writeFileSync(path.join(dir, 'README.md'), [
      '# Title', '', '## Porting from cdk8s-plus\'s `HorizontalPodAutoscaler`', '', '## Usage', '## Usage', '',
      `[a](${REPO}docs/a.md#hpa102) [b](${REPO}docs/gone.md) [c](#porting-from-cdk8s-pluss-horizontalpodautoscaler) [d](#usage-1)`,
      '[e](#nowhere) [f](https://example.com/x.md#nowhere) `[g](nowhere.md)` [i](docs/a.md)', '', '```md', '[h](nowhere.md)', '```', '',
    ].join('\n'));
    fs.writeFileSync(path.join(dir, 'docs', 'a.md'), `### HPA102\n\n[back](../README.md#title) [up](../../outside.md) [x](${REPO}docs/a.md#nope)\n`);
    expect(docs.brokenLinks(dir)).toEqual([
      'README.md:8: link to docs/gone.md: no file docs/gone.md',
      'README.md:9: link to #nowhere: README.md has no heading or anchor "nowhere"',
      `README.md:9: link to docs/a.md: README.md is also the packages' page on the registries, where a relative link leads nowhere: link to ${REPO}docs/a.md`,
      'docs/a.md:3: link to ../../outside.md: no file ../outside.md',
      'docs/a.md:3: link to docs/a.md#nope: docs/a.md has no heading or anchor "nope"',
    ]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('TypeScript examples', () => {
  test('there are examples in the README and the docs pages', () => {
    expect(EXAMPLES.filter(e => e.file === 'README.md').length).toBeGreaterThanOrEqual(2);
    expect(new Set(EXAMPLES.map(e => e.file)).size).toBeGreaterThanOrEqual(5);
  });

  test('each shows its imports', () => {
    const without = EXAMPLES.filter(e => !/^import\b[^;]*\bfrom 'cdk8s-hpa';/m.test(e.code)).map(where);
    expect(without).toEqual([]);
  });

  test('each compiles against src/', () => {
    const problems = typecheck(EXAMPLES);
    if (problems.length > 0) throw new Error(`examples that do not compile:\n  ${problems.join('\n  ')}`);
  }, 120_000);

  // A `compile-only` example needs files the page's session makes (the conformance run runs it on them).
  const runnable = EXAMPLES.filter(e => !/\bcompile-only\b/.test(e.info));
  test.each(runnable.map(e => [where(e), e]))('%s runs, and prints or renders what the block after it shows', (_where, e) => {
    const example = e as Example;
    const run = runExample(example.code);
    const shown = example.next?.code ?? '';
    if (example.next?.lang === 'text' && (run.error || run.printed.length > 0)) {
      expect(run.error ? `Error: ${run.error.message}` : run.printed.join('\n')).toEqual(shown);
      return;
    }
    if (run.error) throw run.error;
    const rendered = example.next?.lang === 'yaml' ? yaml.load(shown) as any : undefined;
    if (rendered?.kind === 'HorizontalPodAutoscaler') {
      const hpas = run.synthesized.flat().filter(o => o.kind === 'HorizontalPodAutoscaler');
      expect(hpas).toEqual([rendered]);
    }
  });

  test('the examples that show output are compared with it', () => {
    const compared = EXAMPLES.filter(e => e.next?.lang === 'text' || (e.next?.lang === 'yaml' && /^kind: HorizontalPodAutoscaler$/m.test(e.next.code)));
    expect(compared.length).toBeGreaterThanOrEqual(9);
  });
});

describe('Python, Java and Go', () => {
  test('docs/languages.md shows the quick start as the language packages carry it', () => {
    const page = fencedBlocks(readDoc('docs/languages.md'));
    const translated = fencedBlocks(readDoc('rosetta/translations/readme-quick-start.md'));
    for (const lang of ['python', 'java', 'go']) {
      expect([lang, page.find(b => b.lang === lang)?.code]).toEqual([lang, translated.find(b => b.lang === lang)?.code]);
    }
    const readmeQuickStart = fencedBlocks(readDoc('README.md')).find(b => b.lang === 'ts');
    expect(translated.find(b => b.lang === 'ts')?.code).toEqual(readmeQuickStart?.code);
  });
});
