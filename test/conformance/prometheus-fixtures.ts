/**
 * Writes the command line's history fixtures (cli/test/fixtures/history/) from a real Prometheus:
 * `ts-node --transpile-only --project test/tsconfig.json test/conformance/prometheus-fixtures.ts`.
 * Builds Prometheus as the conformance run does (cached), loads `webFixture` for the last whole
 * hour but one, and saves each range query's response as curl saves it, and promtool's output.
 */
import * as fs from 'fs';
import * as path from 'path';
import { buildPrometheus, requireGo } from './go-programs';
import { webFixture, WEB_QUERIES } from './history-scenarios';
import { PrometheusServer } from './prometheus-server';

const OUT = path.join(__dirname, '..', '..', 'cli', 'test', 'fixtures', 'history');

async function main(): Promise<void> {
  console.log(requireGo());
  const binaries = await buildPrometheus();
  const start = Math.floor(Date.now() / 3_600_000) * 3600 - 7200;
  const { families, end } = webFixture(start);
  const server = await PrometheusServer.start(binaries, families);
  try {
    for (const [file, query] of [['web-cpu.json', WEB_QUERIES.cpu], ['web-replicas.json', WEB_QUERIES.replicas]]) {
      console.log(`${file}: ${await server.saveRange(path.join(OUT, file), query, start, end, 15)} bytes`);
    }
    fs.writeFileSync(path.join(OUT, 'web-cpu.promtool.json'), server.promtoolRange(WEB_QUERIES.cpu, start, end, 15));
    console.log(`range: ${new Date(start * 1000).toISOString()} to ${new Date(end * 1000).toISOString()}`);
  } finally {
    server.stop();
  }
}

main().catch(e => {
  console.error(e);
  process.exit(1);
});
