// Runs in the compile task, after jsii: links cli/node_modules/cdk8s-hpa to this checkout, so that
// the command line (package cdk8s-hpa-cli, in cli/) compiles against the library's lib/ and runs
// from cli/bin/cdk8s-hpa as it does when installed beside the released library. Its other
// dependencies resolve from the checkout's node_modules (they are devDependencies there).
'use strict';
const fs = require('fs');
const path = require('path');

const root = path.join(__dirname, '..');
const link = path.join(root, 'cli', 'node_modules', 'cdk8s-hpa');
fs.mkdirSync(path.dirname(link), { recursive: true });
let current;
try { current = fs.readlinkSync(link); } catch { current = undefined; }
if (current !== '../..') {
  fs.rmSync(link, { recursive: true, force: true });
  fs.symlinkSync('../..', link, 'dir');
}
