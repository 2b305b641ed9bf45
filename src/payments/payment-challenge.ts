/** A 402: every payment protocol's part of it at once, and `error`, why payment is asked (and that nothing was charged). */
export interface PaymentChallenge {
  status: 402;
  headers: Record<string, string>;
  body: { error: string } & Record<string, unknown>;
}

/** One protocol's part of a 402: its headers, and its fields of the JSON body. */
export interface ChallengePart {
  headers: Record<string, string>;
  body: Record<string, unknown>;
}
