// Runs after jsii (the compile task). lib/index.js re-exports every module when it is loaded;
// two of them load cdk8s and cdk8s-plus-27 (about 120 ms): the construct, which extends a
// cdk8s-plus-27 class, and HpaConfig, which reads the app's charts. This rewrites their two
// re-exports so that each loads its module on the first read of one of its names. Apps that
// synthesize load both anyway; the validator, the simulator and the explainer start without.
// Each name is also assigned `void 0` first, as tsc does, so that Node's ESM loader (which
// reads the names of a CommonJS module from its text) still sees it.
'use strict';
const fs = require('fs');
const path = require('path');

const LAZY = ['./horizontal-pod-autoscaler-v2', './hpa-config'];
const MARK = '/* cdk8s-hpa: lazy re-exports */';

const lib = path.join(__dirname, '..', 'lib');
const file = path.join(lib, 'index.js');
let js = fs.readFileSync(file, 'utf8');
if (js.includes(MARK)) process.exit(0);

const helper = `${MARK} function __lazyExport(exports, load, names) { let m; for (const name of names) Object.defineProperty(exports, name, { enumerable: true, configurable: true, get: () => (m ??= load())[name] }); }`;
js = js.replace('Object.defineProperty(exports, "__esModule", { value: true });', s => `${s}\n${helper}`);
for (const spec of LAZY) {
  const statement = `__exportStar(require("${spec}"), exports);`;
  if (!js.includes(statement)) throw new Error(`lazy-exports: ${file} has no line ${statement}`);
  const names = Object.keys(require(path.join(lib, spec))).filter(n => n !== '__esModule' && n !== 'default');
  if (names.length === 0) throw new Error(`lazy-exports: ${spec} exports nothing`);
  const declare = names.map(n => `exports.${n} = `).join('') + 'void 0;';
  js = js.replace(statement, `${declare} __lazyExport(exports, () => require("${spec}"), ${JSON.stringify(names)});`);
}
fs.writeFileSync(file, js);
