/** Entry of the evidence writer's worker (dist/writer-worker.cjs, dist/cli/writer-worker.cjs): serves its parent. */
import { parentPort, workerData } from 'node:worker_threads';
import { WriterServer, type WriterSetup } from './writer-thread.js';

if (parentPort) new WriterServer(parentPort, workerData as WriterSetup);
