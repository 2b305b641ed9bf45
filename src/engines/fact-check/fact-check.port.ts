/** A published review of a claim: who checked it, what they concluded, where. */
export interface ClaimReview {
  claim: string;
  claimant: string | null;
  publisher: string;
  rating: string;
  url: string;
  title: string | null;
}

/** An evidence source for fact-checks: published reviews matching a claim. */
export interface FactCheckSearch {
  readonly name: string;
  search(query: string, signal: AbortSignal): Promise<ClaimReview[]>;
}
