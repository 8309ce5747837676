import { startClaimCounter, type SandboxAccess } from './claim-counter';

/**
 * A counter in a process of its own, so a test can kill -9 it after its claim is in the
 * store and its refund has left: argv[2] is JSON with the store, the sandbox and the refund.
 */
const job = JSON.parse(process.argv[2] ?? '{}') as {
  storeUrl: string;
  counterId: string;
  sandbox: SandboxAccess;
  orderId: string;
  amountMinor: number;
  retryDelaysMs: number[];
  settleMs: number;
};
const counter = await startClaimCounter(job.storeUrl, job.counterId, job.sandbox, job);
const result = await counter.refund({ orderId: job.orderId, currency: 'SAR' }, job.amountMinor);
process.stdout.write(`${JSON.stringify(result)}\n`);
await counter.close();
