// Runs after jsii (the compile task). tsc's lib/index.js loads every module it re-exports when it
// is loaded: about 50 modules, two of which load cdk8s and cdk8s-plus-27 (about 120 ms more): the
// construct, which extends a cdk8s-plus-27 class, and HpaConfig, which reads the app's charts.
// This rewrites each re-export so that its module loads on the first read of one of its names:
// `require('cdk8s-hpa')` loads the index alone, and the validator, the simulator and the
// explainer load what they use and start without cdk8s. A name that two modules export stays the
// first one's, as with tsc's `__exportStar`; a module of types only is not loaded at all. The synth
// plugin's class is added the same way, for cdk8s-cli to load it by package name. Each
// name is also assigned `void 0` first, as tsc does, so that Node's ESM loader (which reads the
// names of a CommonJS module from its text) sees it.
'use strict';
const fs = require('fs');
const path = require('path');

const MARK = '/* cdk8s-hpa: lazy re-exports */';
const REEXPORT = /^__exportStar\(require\("(\.\/[^"]+)"\), exports\);$/gm;

const lib = path.join(__dirname, '..', 'lib');
const file = path.join(lib, 'index.js');
let js = fs.readFileSync(file, 'utf8');
if (js.includes(MARK)) process.exit(0);

const helper = `${MARK} function __lazyExport(exports, load, names) { let m; for (const name of names) Object.defineProperty(exports, name, { enumerable: true, configurable: true, get: () => (m ??= load())[name] }); }`;
const marker = 'Object.defineProperty(exports, "__esModule", { value: true });';
if (!js.includes(marker)) throw new Error(`lazy-exports: ${file} has no line ${marker}`);
js = js.replace(marker, s => `${s}\n${helper}`);
const declared = new Set();
let count = 0;
js = js.replace(REEXPORT, (_statement, spec) => {
  const all = Object.keys(require(path.join(lib, spec))).filter(n => n !== '__esModule' && n !== 'default');
  // A module of interfaces only is empty at run time: nothing to load.
  if (all.length === 0) return `/* ${spec}: types only */`;
  const names = all.filter(n => !declared.has(n));
  if (names.length === 0) throw new Error(`lazy-exports: ${spec} exports nothing the index does not already have`);
  names.forEach(n => declared.add(n));
  count++;
  const declare = names.map(n => `exports.${n} = `).join('') + 'void 0;';
  return `${declare} __lazyExport(exports, () => require("${spec}"), ${JSON.stringify(names)});`;
});
if (count === 0 || js.includes('__exportStar(require(')) throw new Error(`lazy-exports: ${file} has re-exports of another form`);
// The cdk8s synth plugin by package name (`package: cdk8s-hpa` in cdk8s.yaml): cdk8s-cli requires
// the package's main module and reads the class from it. Not part of the jsii assembly (it is
// written against cdk8s-cli's shape), and loaded only when read, like every name above.
const PLUGIN = 'HpaValidation';
if (declared.has(PLUGIN)) throw new Error(`lazy-exports: the index already exports ${PLUGIN}`);
const pluginExport = `exports.${PLUGIN} = void 0; __lazyExport(exports, () => require("./cli/synth-plugin"), ${JSON.stringify([PLUGIN])});\n`;
const sourceMap = js.lastIndexOf('//# sourceMappingURL=');
js = sourceMap < 0 ? js + pluginExport : js.slice(0, sourceMap) + pluginExport + js.slice(sourceMap);
fs.writeFileSync(file, js);
