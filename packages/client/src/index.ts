/** @vidint/client: call the vidint API and pay per request (x402 on Base or Solana, MPP on Tempo), then follow the job. */
export { type Accepted, ApiUnreachable, CallRefused, callApi, getJob, type JobView, paidCall, type PayMethod, waitForJob } from './vidint-client.js';
export { type MppPayOptions, mppCredential } from './mpp-credential.js';
