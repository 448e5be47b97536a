/**
 * Fetching history from a Prometheus server: `/api/v1/query_range`, in ranges of at most 11,000
 * steps (the server refuses more points per series), each response read as it arrives.
 */
import * as http from 'http';
import * as https from 'https';
import { MatrixDocument, MatrixError, MatrixReader, readMatrixText } from 'cdk8s-hpa/lib/toolkit';

/** Prometheus's limit on `(end - start) / step` for one range query (web/api/v1/api.go). */
const MAX_STEPS_PER_QUERY = 11000;

/** How long one request may take. */
const TIMEOUT_MS = 120_000;

export interface RangeQuery {
  /** The server's base URL (a path prefix such as /prometheus is kept). */
  readonly url: string;
  readonly query: string;
  /** Unix seconds. */
  readonly start: number;
  readonly end: number;
  readonly step: number;
  /** Sent with every request (`Authorization`, say); a URL's user and password become basic auth. */
  readonly headers: { readonly [name: string]: string };
}

/** The ranges of one query, each at most `MAX_STEPS_PER_QUERY` steps long, on one step grid. */
export function queryRanges(start: number, end: number, step: number): Array<{ start: number; end: number }> {
  const ranges: Array<{ start: number; end: number }> = [];
  for (let from = start; from <= end; from += (MAX_STEPS_PER_QUERY + 1) * step) {
    ranges.push({ start: from, end: Math.min(end, from + MAX_STEPS_PER_QUERY * step) });
  }
  return ranges;
}

/** Every response of the query, range after range. */
export async function fetchRange(q: RangeQuery): Promise<MatrixDocument[]> {
  const documents: MatrixDocument[] = [];
  for (const range of queryRanges(q.start, q.end, q.step)) documents.push(await fetchOne(q, range.start, range.end));
  return documents;
}

/** The endpoint's URL without its credentials, for messages. */
export function endpoint(base: string): string {
  const url = new URL(base);
  url.username = '';
  url.password = '';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/api/v1/query_range`;
  return url.toString();
}

function fetchOne(q: RangeQuery, start: number, end: number): Promise<MatrixDocument> {
  const url = new URL(q.url);
  const where = `${endpoint(q.url)} (${q.query})`;
  const body = new URLSearchParams({ query: q.query, start: String(start), end: String(end), step: String(q.step) }).toString();
  const headers: { [name: string]: string } = {
    'Content-Type': 'application/x-www-form-urlencoded',
    'Content-Length': String(Buffer.byteLength(body)),
    'Accept': 'application/json',
    ...q.headers,
  };
  if (url.username !== '' && !Object.keys(q.headers).some(h => h.toLowerCase() === 'authorization')) {
    headers.Authorization = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request({
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || undefined,
      path: `${url.pathname.replace(/\/+$/, '')}/api/v1/query_range`,
      method: 'POST',
      headers,
      timeout: TIMEOUT_MS,
    }, response => {
      response.setEncoding('utf8');
      const status = response.statusCode ?? 0;
      if (status < 200 || status >= 300) {
        // Prometheus explains a refusal in JSON; a proxy or another server in whatever it has.
        let text = '';
        response.on('data', (chunk: string) => { if (text.length < 65536) text += chunk; });
        response.on('end', () => reject(new Error(refusal(where, status, text))));
        response.on('error', reject);
        return;
      }
      const reader = new MatrixReader(where);
      response.on('data', (chunk: string) => {
        try {
          reader.write(chunk);
        } catch (e) {
          response.destroy();
          reject(e);
        }
      });
      response.on('end', () => {
        try {
          resolve(reader.end());
        } catch (e) {
          reject(e);
        }
      });
      response.on('error', e => reject(new Error(`${where}: the response broke off: ${e.message}`)));
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000}s`)));
    request.on('error', e => reject(new Error(`${where}: ${(e as NodeJS.ErrnoException).code ?? ''}${(e as NodeJS.ErrnoException).code ? ' ' : ''}${e.message}`)));
    request.end(body);
  });
}

/** Why the server refused: Prometheus's own error when the body is one, else the status and the start of the body. */
function refusal(where: string, status: number, text: string): string {
  try {
    readMatrixText(text, where);
  } catch (e) {
    if (e instanceof MatrixError && e.message.includes('Prometheus answered with an error')) return `${e.message} (HTTP ${status})`;
  }
  const start = text.replace(/\s+/g, ' ').trim().slice(0, 200);
  return `${where}: HTTP ${status}${start ? `: ${start}` : ''}`;
}
