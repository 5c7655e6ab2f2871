/** Entry of the evidence writer's worker (dist/writer-worker.js, dist/cli/writer-worker.js): serves its parent. */
import { parentPort, workerData } from 'node:worker_threads';
import { WriterServer, type WriterSetup } from './writer-thread.js';

if (parentPort) new WriterServer(parentPort, workerData as WriterSetup);
