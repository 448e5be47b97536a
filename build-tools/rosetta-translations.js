#!/usr/bin/env node
/**
 * Hand-written translations of documentation examples, for the examples jsii-rosetta cannot
 * translate into code that compiles (mostly Go: struct literals of other packages, pointers to
 * slices and maps, constructors with optional props).
 *
 * Runs after `jsii-rosetta extract` (post-compile): each `rosetta/translations/*.md` holds one
 * ```ts block, exactly as the example stands in README.md or in an `@example` tag, followed by
 * ```python, ```java and/or ```go blocks. The translation of every tablet snippet with that
 * TypeScript source is replaced in `.jsii.tabl.json`, the tablet jsii-pacmak reads, so the
 * packages' READMEs and doc comments carry the hand-written code. A file whose TypeScript matches
 * no snippet fails the build: the example changed, and its translations must change with it.
 */
'use strict';
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const TABLET = path.join(ROOT, '.jsii.tabl.json');
const DIR = path.join(ROOT, 'rosetta', 'translations');
const LANGUAGES = { python: 'python', java: 'java', go: 'go' };

function blocks(text) {
  const found = [];
  const fence = /^```([a-z]+)[^\n]*\n([\s\S]*?)^```[ \t]*$/gm;
  let m;
  while ((m = fence.exec(text)) !== null) found.push({ lang: m[1], source: m[2].replace(/\s+$/, '') });
  return found;
}

/**
 * Replaces the translations of `tablet` (a parsed .jsii.tabl.json) with those of `files`
 * ({ name, text } each); returns { replaced, problems } and changes `tablet` in place.
 */
function applyTranslations(tablet, files) {
  const problems = [];
  let replaced = 0;
  for (const { name, text } of files) {
    const all = blocks(text);
    const ts = all.filter(b => b.lang === 'ts' || b.lang === 'typescript');
    if (ts.length !== 1) {
      problems.push(`${name}: needs exactly one \`\`\`ts block (the example as written), found ${ts.length}`);
      continue;
    }
    const others = all.filter(b => LANGUAGES[b.lang]);
    if (others.length === 0) {
      problems.push(`${name}: no \`\`\`python, \`\`\`java or \`\`\`go block`);
      continue;
    }
    const snippets = Object.values(tablet.snippets).filter(s => s.translations?.$?.source?.replace(/\s+$/, '') === ts[0].source);
    if (snippets.length === 0) {
      problems.push(`${name}: its TypeScript matches no example in README.md or an @example tag (the example changed: update the file)`);
      continue;
    }
    for (const snippet of snippets) {
      for (const b of others) {
        const version = snippet.translations[LANGUAGES[b.lang]]?.version ?? '1';
        snippet.translations[LANGUAGES[b.lang]] = { source: b.source, version };
        replaced++;
      }
    }
  }
  return { replaced, problems };
}

function main() {
  if (!fs.existsSync(TABLET)) {
    console.error(`rosetta-translations: ${path.relative(ROOT, TABLET)} missing: run 'jsii-rosetta extract' first`);
    process.exit(1);
  }
  const tablet = JSON.parse(fs.readFileSync(TABLET, 'utf8'));
  const names = fs.existsSync(DIR) ? fs.readdirSync(DIR).filter(f => f.endsWith('.md')).sort() : [];
  const files = names.map(f => ({ name: path.relative(ROOT, path.join(DIR, f)), text: fs.readFileSync(path.join(DIR, f), 'utf8') }));
  const { replaced, problems } = applyTranslations(tablet, files);
  if (problems.length > 0) {
    for (const p of problems) console.error(`rosetta-translations: ${p}`);
    process.exit(1);
  }
  fs.writeFileSync(TABLET, JSON.stringify(tablet));
  console.log(`rosetta-translations: ${replaced} hand-written translations from ${files.length} files`);
}

module.exports = { applyTranslations };

if (require.main === module) main();
