/** Entry of the evidence writer's worker (dist/writer-worker.cjs, dist/cli/writer-worker.cjs): serves its parent. */
import { isMainThread, workerData } from 'node:worker_threads';
import { WriterServer, type WriterThreadData } from './writer-thread.js';

if (!isMainThread) {
  const { setup, port } = workerData as WriterThreadData;
  new WriterServer(port, setup);
}
