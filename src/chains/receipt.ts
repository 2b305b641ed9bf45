/** The proof of payment stored with a job: who paid what, on which network, by which transaction. */
export interface Receipt {
  receipt_id: string;
  payer: string;
  network: string;
  transaction: string;
  amount: string;
  settled_at: number;
  affiliate_id?: string;
}
