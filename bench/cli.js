// The command line's part of the benchmark: `cdk8s-hpa validate` on generated manifest files,
// against kube-score on the same files, wall time and peak RSS of each fresh process.
'use strict';
const { execFileSync, spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const BIN = path.join(__dirname, '..', 'cli', 'bin', 'cdk8s-hpa');

/**
 * One file of `pairs` Deployments and `pairs` HPAs (about 400 bytes an object), as a cluster dump
 * or a repository of manifests looks: every tenth HPA has a mistake the validator reports (a
 * memory utilization metric on a Deployment without memory requests), so reports carry positions.
 */
function manifestFile(pairs, prefix) {
  const parts = [];
  for (let i = 0; i < pairs; i++) {
    const name = `${prefix}-web-${i}`;
    const flawed = i % 10 === 9;
    parts.push(`apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
  namespace: team-${i % 7}
spec:
  selector:
    matchLabels:
      app: ${name}
  template:
    metadata:
      labels:
        app: ${name}
    spec:
      containers:
        - name: app
          image: "registry.example.com/web:1.${i % 20}.0"
          resources:
            requests: {cpu: 250m${flawed ? '' : ', memory: 256Mi'}}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: ${name}
  namespace: team-${i % 7}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: ${name}}
  minReplicas: 2
  maxReplicas: ${10 + (i % 5)}
  metrics:
    - type: Resource
      resource: {name: cpu, target: {type: Utilization, averageUtilization: 70}}
    - type: Resource
      resource: {name: memory, target: {type: Utilization, averageUtilization: 80}}
  behavior:
    scaleDown:
      stabilizationWindowSeconds: 300
      policies: [{type: Percent, value: 50, periodSeconds: 60}]
`);
  }
  return parts.join('---\n');
}

/** Writes the files once per run; returns their paths. */
function writeFiles(dir, files, pairsPerFile) {
  fs.mkdirSync(dir, { recursive: true });
  return Array.from({ length: files }, (_, f) => {
    const file = path.join(dir, `manifests-${f}.yaml`);
    fs.writeFileSync(file, manifestFile(pairsPerFile, `s${f}`));
    return file;
  });
}

/** Wall time (ms) and peak RSS (MB) of one fresh process, with GNU time; output discarded. */
function timed(command, args) {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M', command, ...args], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 256 * 1024 * 1024 });
  const last = r.stderr.trim().split('\n').pop().split(' ');
  return { ms: Number(last[0]) * 1000, rssMb: Number(last[1]) / 1024, status: r.status };
}

/** Wall time (ms) of one fresh process, output discarded, measured from here (finer than GNU time). */
function wall(command, args, env = process.env) {
  const start = process.hrtime.bigint();
  const r = spawnSync(command, args, { stdio: 'ignore', env });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${r.status}`);
  return ms;
}

/** kube-score: the one on PATH or in ~/go/bin, else installed with Go when Go is present. */
function findKubeScore() {
  const candidates = [path.join(os.homedir(), 'go', 'bin', 'kube-score')];
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) candidates.push(path.join(dir, 'kube-score'));
  const found = candidates.find(c => fs.existsSync(c));
  if (found) return { path: found };
  const go = spawnSync('go', ['version'], { encoding: 'utf8' });
  if (go.status !== 0) return { note: 'kube-score skipped: Go is not installed (kube-score installs with `go install github.com/zegl/kube-score/cmd/kube-score@latest`)' };
  try {
    process.stderr.write('  installing kube-score with go install ...\n');
    execFileSync('go', ['install', 'github.com/zegl/kube-score/cmd/kube-score@latest'], { stdio: 'inherit' });
  } catch (e) {
    return { note: `kube-score skipped: go install failed (${e.message.split('\n')[0]})` };
  }
  const gopath = execFileSync('go', ['env', 'GOPATH'], { encoding: 'utf8' }).trim();
  const installed = path.join(gopath.split(path.delimiter)[0], 'bin', 'kube-score');
  return fs.existsSync(installed) ? { path: installed } : { note: 'kube-score skipped: not found after go install' };
}

module.exports = { BIN, manifestFile, writeFiles, timed, wall, findKubeScore };
