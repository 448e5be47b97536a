/**
 * A worker of `cdk8s-hpa tune`: makes the tuner and reads the history from the command line it is
 * given, as the command does, then scores each batch of candidates it is sent.
 */
import { parentPort, workerData } from 'worker_threads';
import { parseTuneArgs } from './args';
import { makeTuner, tuningHistory } from './tuning';

const quiet = { stdout: () => undefined, stderr: () => undefined, readStdin: () => Buffer.alloc(0) };
const args = parseTuneArgs(workerData.argv);
const tuning = makeTuner(args, quiet);
const history = typeof tuning === 'number' ? undefined : tuningHistory(args, quiet, tuning);

parentPort!.on('message', (message: { candidates: any[] }) => {
  try {
    if (typeof tuning === 'number' || history === undefined || !('metricFromFile' in history)) throw new Error('the worker could not read the HPA or the history');
    parentPort!.postMessage({ scores: tuning.tuner.score(history, message.candidates) });
  } catch (e) {
    parentPort!.postMessage({ error: e instanceof Error ? e.message : String(e) });
  }
});
