/** @vidint/client: call the vidint API and pay per request (x402 on Base or Solana, MPP on Tempo), then follow the job. */

export { type MppPayOptions, mppCredential } from './mpp-credential.js';
export {
  type Accepted,
  ApiUnreachable,
  CallRefused,
  callApi,
  getJob,
  type JobView,
  type PayMethod,
  paidCall,
  waitForJob,
} from './vidint-client.js';
