/**
 * The history of docs/tune.md: one Thursday of the search API at a 15 s step, as Prometheus
 * answers `sum(rate(...[1m]))` range queries (one series each, read with `--load ...=total`):
 * a daily curve, the 09:00 surge, a lunch bump, the 02:00 batch, noise; and the replica count
 * of a cluster whose HPA is docs/tune/search-hpa.yaml (the simulator replaying it over that load).
 * `test/tuning/docs.test.ts` checks the committed files are these.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parse } from 'yaml';
import { HistoryLoad, HpaSimulator, PrometheusHistory } from '../../src';

export const DOCS_DIR = path.join(__dirname, '..', '..', 'docs', 'tune');
/** 2026-11-19T00:00:00Z, a Thursday. */
const START = 1795046400;
const STEP = 15;
const STEPS = 86400 / STEP;

/** A matrix response of one series. */
function response(labels: { [k: string]: string }, values: Array<[number, string]>): string {
  return `{"status":"success","data":{"resultType":"matrix","result":[{"metric":${JSON.stringify(labels)},"values":[${values.map(([t, v]) => `[${t},"${v}"]`).join(',')}]}]}}\n`;
}

/** The load, in cores, at `s` seconds after midnight; `noise` in [0, 1). */
function cores(s: number, noise: number): number {
  const h = s / 3600;
  const day = 1.2 + 4.3 * Math.max(0, Math.sin(((h - 6) / 18) * Math.PI)) ** 1.5;
  const surge = h >= 9 && h < 9.5 ? 4 * Math.min(1, (s - 9 * 3600) / 180) * (1 - (h - 9) / 1.5) : 0;
  const lunch = h >= 12 && h < 13 ? 1.2 * Math.sin((h - 12) * Math.PI) : 0;
  const batch = h >= 2 && h < 2 + 5 / 60 ? 3 : 0;
  return day + surge + lunch + batch + 0.35 * noise;
}

/** The three responses, as the files hold them. */
export function docsHistory(): { cpu: string; rps: string; replicas: string } {
  let seed = 20261119;
  const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
  const cpu: Array<[number, string]> = [];
  const rps: Array<[number, string]> = [];
  for (let k = 0; k <= STEPS; k++) {
    const c = cores(k * STEP, random());
    cpu.push([START + k * STEP, c.toFixed(3)]);
    rps.push([START + k * STEP, (c * 95 + 20 * random()).toFixed(1)]);
  }
  const cpuJson = response({}, cpu);
  const rpsJson = response({}, rps);
  const history = PrometheusHistory.create()
    .metricFromJson('cpu', cpuJson, { load: HistoryLoad.TOTAL })
    .metricFromJson('http_requests_per_second', rpsJson, { load: HistoryLoad.TOTAL });
  const hpa = parse(fs.readFileSync(path.join(DOCS_DIR, 'search-hpa.yaml'), 'utf8'));
  const replay = HpaSimulator.fromManifest(hpa, { podRequests: { cpu: 0.5 }, initialReplicas: 3 }).replay(history);
  const replicas = replay.result.steps.map(s => [START + s.time, String(s.replicas)] as [number, string]);
  return { cpu: cpuJson, rps: rpsJson, replicas: response({ namespace: 'shop', deployment: 'search' }, replicas) };
}

/** Writes them: `npx ts-node test/tuning/docs-history.ts`. */
if (require.main === module) {
  const h = docsHistory();
  fs.writeFileSync(path.join(DOCS_DIR, 'history', 'cpu.json'), h.cpu);
  fs.writeFileSync(path.join(DOCS_DIR, 'history', 'http_requests_per_second.json'), h.rps);
  fs.writeFileSync(path.join(DOCS_DIR, 'history', 'replicas.json'), h.replicas);
}
