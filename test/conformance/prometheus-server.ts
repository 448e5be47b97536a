/**
 * A real Prometheus for the history tests: generated series written as OpenMetrics, loaded with
 * `promtool tsdb create-blocks-from openmetrics`, served on the loopback address, and asked as
 * curl and promtool ask it. Also what a range query over such series returns, worked out from
 * the samples (the lookback window), to check the server's answers against.
 */
import { ChildProcess, execFileSync, spawn } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';

/** A sample: unix seconds and a value (NaN allowed). */
export type Sample = readonly [number, number];

export interface GeneratedSeries {
  readonly labels: { readonly [name: string]: string };
  readonly samples: readonly Sample[];
}

export interface MetricFamily {
  readonly name: string;
  readonly help: string;
  readonly series: readonly GeneratedSeries[];
}

/**
 * Prometheus's default `--query.lookback-delta`: a range query's step reads a series' last sample
 * in (t - 5m, t], left-open since Prometheus 3.0.
 */
export const LOOKBACK_SECONDS = 300;

/** The families as an OpenMetrics text file (gauges, timestamps in seconds), as promtool reads it. */
export function openMetrics(families: readonly MetricFamily[]): string {
  const lines: string[] = [];
  for (const f of families) {
    lines.push(`# HELP ${f.name} ${f.help}`, `# TYPE ${f.name} gauge`);
    for (const s of f.series) {
      const labels = Object.entries(s.labels).map(([k, v]) => `${k}="${v}"`).join(',');
      for (const [t, v] of s.samples) lines.push(`${f.name}{${labels}} ${Number.isNaN(v) ? 'NaN' : v} ${t}`);
    }
  }
  lines.push('# EOF');
  return lines.join('\n') + '\n';
}

/**
 * What `/api/v1/query_range` returns for a selector that matches `series` of family `name`,
 * from `start` to `end` every `step`: per step, the series' last sample in the lookback window;
 * a series without one in any step is left out, as Prometheus leaves it out.
 */
export function expectedMatrix(name: string, series: readonly GeneratedSeries[], start: number, end: number, step: number) {
  const result = [];
  for (const s of series) {
    const values: Array<[number, string]> = [];
    let i = 0;
    for (let t = start; t <= end; t += step) {
      while (i < s.samples.length && s.samples[i][0] <= t) i++;
      const last = s.samples[i - 1];
      if (last !== undefined && t - last[0] < LOOKBACK_SECONDS) values.push([t, Number.isNaN(last[1]) ? 'NaN' : String(last[1])]);
    }
    if (values.length > 0) result.push({ metric: { __name__: name, ...s.labels }, values });
  }
  return { status: 'success', data: { resultType: 'matrix', result } };
}

/** A Prometheus server on the loopback address, over a data directory of blocks. */
export class PrometheusServer {
  /** Writes the families to a data directory with promtool and starts the server on it. */
  public static async start(binaries: string, families: readonly MetricFamily[]): Promise<PrometheusServer> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hpa-prometheus-'));
    const input = path.join(dir, 'series.om');
    fs.writeFileSync(input, openMetrics(families));
    // Blocks of a week, not of 2 hours: promtool reads the input once per block.
    execFileSync(path.join(binaries, 'promtool'), ['tsdb', 'create-blocks-from', 'openmetrics', '--max-block-duration=168h', input, path.join(dir, 'data')], { stdio: 'pipe' });
    fs.writeFileSync(path.join(dir, 'prometheus.yml'), 'global:\n  scrape_interval: 15s\nscrape_configs: []\n');
    const port = await freePort();
    const child = spawn(path.join(binaries, 'prometheus'), [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ], { stdio: ['ignore', 'ignore', 'pipe'] });
    const server = new PrometheusServer(`http://127.0.0.1:${port}`, child, dir, binaries);
    await server.ready();
    return server;
  }

  private stderr = '';

  private constructor(public readonly url: string, private readonly child: ChildProcess, private readonly dir: string,
    private readonly binaries: string) {
    child.stderr!.on('data', d => { this.stderr = (this.stderr + String(d)).slice(-4000); });
  }

  /** The body of a range query, as curl saves it. */
  public queryRange(query: string, start: number, end: number, step: number): Promise<{ status: number; body: string }> {
    const body = new URLSearchParams({ query, start: String(start), end: String(end), step: String(step) }).toString();
    return new Promise((resolve, reject) => {
      const request = http.request(`${this.url}/api/v1/query_range`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body) },
      }, response => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (c: string) => { text += c; });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on('error', reject);
      request.end(body);
    });
  }

  /** Writes the body of a range query to `file` (its directory made), as curl saves it; resolves to its length. */
  public async saveRange(file: string, query: string, start: number, end: number, step: number): Promise<number> {
    const r = await this.queryRange(query, start, end, step);
    if (r.status !== 200) throw new Error(`${query}: HTTP ${r.status}: ${r.body}`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, r.body);
    return r.body.length;
  }

  /** What `promtool query range -o json` prints for the query. */
  public promtoolRange(query: string, start: number, end: number, step: number): string {
    return execFileSync(path.join(this.binaries, 'promtool'), [
      'query', 'range', '-o', 'json', `--start=${start}`, `--end=${end}`, `--step=${step}s`, this.url, query,
    ], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  }

  public stop(): void {
    this.child.kill();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private async ready(): Promise<void> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (this.child.exitCode !== null) throw new Error(`prometheus exited (${this.child.exitCode}): ${this.stderr}`);
      const status = await new Promise<number>(resolve => {
        http.get(`${this.url}/-/ready`, r => {
          r.resume();
          resolve(r.statusCode ?? 0);
        }).on('error', () => resolve(0));
      });
      if (status === 200) return;
      if (Date.now() > deadline) {
        this.stop();
        throw new Error(`prometheus was not ready within 60 s: ${this.stderr}`);
      }
      await new Promise(r => setTimeout(r, 250));
    }
  }
}

/** A port nothing listens on, from the kernel. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}
