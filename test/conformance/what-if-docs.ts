/**
 * docs/what-if.md shows what the commands print: the checkout week (history-scenarios.ts) goes
 * into a real Prometheus, the page's commands run against it (the history fetched, then the two
 * specs replayed from the saved files), and each block after a `<!-- what-if: NAME, not run: ... -->`
 * mark (jest's docs test, cli/src/docs.test.ts, leaves them here) must be the command as the page
 * shows it and what it printed; the page's plot must be the report's.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CHECKOUT_CPU_REQUEST, CHECKOUT_HPA_FILE, CHECKOUT_PROPOSED_FILE, CHECKOUT_QUERIES, checkoutLoad, checkoutReplicas, checkoutWorld } from './history-scenarios';
import { PrometheusServer } from './prometheus-server';
import { main } from '../../cli/src/main';
import { fencedBlocks, runExample } from '../docs-examples';

const ROOT = path.join(__dirname, '..', '..');
export const WHAT_IF_PAGE = path.join(ROOT, 'docs', 'what-if.md');
const PLOT = 'docs/what-if/what-if.svg';
/** The URL and the directory the page shows, for the test server's and a scratch directory. */
const SHOWN_URL = 'http://localhost:9090';
const SHOWN_DIR = 'history';

/** The week: Monday 2026-11-16 to the next Monday, 00:00 UTC. */
const START = Date.UTC(2026, 10, 16) / 1000;
const END = START + 7 * 86400;

/** A command as the page shows it: lines of arguments, each continued with `\`. */
type Shown = string[][];

function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, '\'\\\'\'')}'`;
}

function render(lines: Shown): string {
  return lines.map((args, i) => `${i === 0 ? '$ cdk8s-hpa ' : '    '}${args.map(shellQuote).join(' ')}${i < lines.length - 1 ? ' \\' : ''}`).join('\n');
}

/** The mark of block `name` (build-tools/docs.js reads it too), as a regular expression's source. */
const mark = (name: string) => `<!-- what-if: ${name}(?:, not run: [^>]*)? -->`;

/** The fenced block after `<!-- what-if: name ... -->` in the page. */
export function pageBlock(page: string, name: string): string | undefined {
  const m = new RegExp(`${mark(name)}\\s*\`\`\`[a-z]*\\n([\\s\\S]*?)\\n\`\`\``).exec(page);
  return m?.[1];
}

/** The page with the block after `<!-- what-if: name ... -->` replaced by `block`. */
function replaceBlock(page: string, name: string, block: string): string {
  return page.replace(new RegExp(`(${mark(name)}\\s*\`\`\`[a-z]*\\n)[\\s\\S]*?(\\n\`\`\`)`), (_m, open: string, close: string) => `${open}${block}${close}`);
}

/**
 * The page's TypeScript example (jest only compiles it: it reads the week the session saved) run
 * on the saved history: each `// <number>` comment must be what its expression gives.
 */
function fromCode(dir: string): string[] {
  const example = fencedBlocks(fs.readFileSync(WHAT_IF_PAGE, 'utf8')).find(b => b.lang === 'ts' && /\bcompile-only\b/.test(b.info));
  if (!example) return ['docs/what-if.md has no ```ts compile-only block'];
  const shown = [...example.code.matchAll(/^(\S.*?);\s*\/\/ ([\d.]+)$/gm)].map(m => ({ expression: m[1], value: Number(m[2]) }));
  if (shown.length === 0) return ['the example shows no value in a comment'];
  const code = [example.code.split(`'${SHOWN_DIR}/`).join(`'${dir}/`),
    `console.log(JSON.stringify([${shown.map(s => s.expression).join(', ')}]));`].join('\n');
  const run = runExample(code);
  if (run.error) return [`it throws: ${run.error.message}`];
  const values = JSON.parse(run.printed[run.printed.length - 1]) as number[];
  return shown.flatMap((s, i) => (Math.abs(values[i] - s.value) < 0.05 ? [] : [`${s.expression} is ${values[i]}, the comment says ${s.value}`]));
}

/** Runs the page's commands against a Prometheus holding the checkout week; `report(name, failures)` records each check. */
export async function whatIfDocs(binaries: string, report: (name: string, failures: string[]) => void): Promise<void> {
  const t0 = Date.now();
  const load = checkoutLoad(START);
  const world = checkoutWorld(load, checkoutReplicas(load));
  const server = await PrometheusServer.start(binaries, world);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hpa-what-if-'));
  console.log(`what-if: the checkout week (${world.reduce((n, f) => n + f.series.length, 0)} series) served in ${Date.now() - t0} ms`);
  const cwd = process.cwd();
  process.chdir(ROOT);
  try {
    const dir = path.join(scratch, SHOWN_DIR);
    const run = async (shown: Shown, actual: (arg: string) => string) => {
      let out = '';
      const code = await main(['simulate', ...shown.flat().slice(1).map(actual)], {
        stdout: t => { out += t; }, stderr: t => { out += t; }, readStdin: () => Buffer.alloc(0),
      });
      const text = out.split(scratch + path.sep).join('').split(scratch).join('.').trimEnd();
      return { code, block: `${render(shown)}\n${text}` };
    };
    const write = Boolean(process.env.CONFORMANCE_WRITE_DOCS);
    const check = (name: string, result: { code: number; block: string }) => {
      const failures: string[] = [];
      if (result.code !== 0) failures.push(`exit ${result.code}`);
      const page = fs.readFileSync(WHAT_IF_PAGE, 'utf8');
      const shownBlock = pageBlock(page, name);
      if (shownBlock === undefined) {
        failures.push(`docs/what-if.md has no block after <!-- what-if: ${name}, not run: ... -->`);
      } else if (shownBlock !== result.block) {
        if (write && result.code === 0) fs.writeFileSync(WHAT_IF_PAGE, replaceBlock(page, name, result.block));
        else failures.push(`the block differs (CONFORMANCE_WRITE_DOCS=1 writes it); the command printed:\n${result.block}`);
      }
      report(`docs/what-if.md shows what the ${name} command prints`, failures);
    };

    const t1 = Date.now();
    const fetch: Shown = [
      ['simulate', '--hpa', CHECKOUT_HPA_FILE, '--pod-request', `cpu=${CHECKOUT_CPU_REQUEST * 1000}m`],
      ['--prometheus', SHOWN_URL, '--start', new Date(START * 1000).toISOString().replace('.000Z', 'Z'), '--end', new Date(END * 1000).toISOString().replace('.000Z', 'Z')],
      ['--query', `cpu=${CHECKOUT_QUERIES.cpu}`],
      ['--query', `http_requests_per_second=${CHECKOUT_QUERIES.http_requests_per_second}`],
      ['--replicas-query', CHECKOUT_QUERIES.replicas],
      ['--load', 'cpu=total', '--load', 'http_requests_per_second=total', '--save-history', `${SHOWN_DIR}/`],
    ];
    check('fetch', await run(fetch, a => (a === SHOWN_URL ? server.url : a === `${SHOWN_DIR}/` ? `${dir}/` : a)));
    console.log(`what-if: fetched and replayed in ${Date.now() - t1} ms`);

    const t2 = Date.now();
    const inScratch = (a: string) => (a.startsWith(`${SHOWN_DIR}/`) || a.includes(`=${SHOWN_DIR}/`) ? a.replace(`${SHOWN_DIR}/`, `${dir}/`) : a);
    const compare: Shown = [
      ['simulate', '--hpa', CHECKOUT_HPA_FILE, '--compare', CHECKOUT_PROPOSED_FILE],
      ['--history', `cpu=${SHOWN_DIR}/cpu.json`, '--history', `http_requests_per_second=${SHOWN_DIR}/http_requests_per_second.json`],
      ['--replicas-history', `${SHOWN_DIR}/replicas.json`, '--load', 'cpu=total', '--load', 'http_requests_per_second=total'],
      ['--pod-request', `cpu=${CHECKOUT_CPU_REQUEST * 1000}m`, '--report', 'what-if.html'],
    ];
    const html = path.join(scratch, 'what-if.html');
    check('compare', await run(compare, a => (a === 'what-if.html' ? html : inScratch(a))));
    console.log(`what-if: compared in ${Date.now() - t2} ms`);

    const svg = path.join(scratch, 'what-if.svg');
    await run(compare.map(line => line.map(a => (a === 'what-if.html' ? 'what-if.svg' : a))), a => (a === 'what-if.svg' ? svg : inScratch(a)));
    const plot = fs.existsSync(svg) ? fs.readFileSync(svg, 'utf8') : '';
    const shownPlot = fs.existsSync(path.join(ROOT, PLOT)) ? fs.readFileSync(path.join(ROOT, PLOT), 'utf8') : undefined;
    if (write) fs.writeFileSync(path.join(ROOT, PLOT), plot);
    report(`${PLOT} is the report's plot`, plot !== '' && (plot === shownPlot || write)
      ? [] : ['it differs from what --report what-if.svg wrote (CONFORMANCE_WRITE_DOCS=1 writes it)']);
    const page2 = fs.readFileSync(html, 'utf8');
    report('the HTML report holds the measures and the plot', page2.includes('<table class="measures">') && page2.includes(plot.trimEnd()) ? [] : ['no table or no plot']);
    report('docs/what-if.md\'s example from code gives the numbers its comments show', fromCode(dir));
  } finally {
    process.chdir(cwd);
    server.stop();
    if (process.env.CONFORMANCE_KEEP) console.log(`what-if: files kept in ${scratch}`);
    else fs.rmSync(scratch, { recursive: true, force: true });
  }
}
