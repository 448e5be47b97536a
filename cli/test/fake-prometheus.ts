/**
 * A Prometheus on 127.0.0.1 for the command line's tests: it answers `/api/v1/query_range` (the
 * parameters in the form body, as the fetch sends them, or in the URL) with what `answer` gives,
 * usually a recorded response of test/cli/fixtures/history/, and records every request.
 */
import * as http from 'http';
import { AddressInfo } from 'net';

/** A request the server received: its headers, its path, and the query's parameters. */
export interface PrometheusRequest {
  readonly headers: http.IncomingHttpHeaders;
  readonly params: URLSearchParams;
  readonly path: string;
}

export interface FakePrometheus {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly requests: PrometheusRequest[];
  close(): Promise<void>;
}

/** Starts a server that answers each request with `answer(params)`: a status and a body. */
export async function startFakePrometheus(answer: (params: URLSearchParams) => { status: number; body: string }): Promise<FakePrometheus> {
  const requests: PrometheusRequest[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', c => { body += c; });
    req.on('end', () => {
      const params = new URLSearchParams(body);
      new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.forEach((value, name) => params.append(name, value));
      requests.push({ headers: req.headers, params, path: req.url ?? '' });
      const a = answer(params);
      res.writeHead(a.status, { 'Content-Type': 'application/json' });
      res.end(a.body);
    });
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>(resolve => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
