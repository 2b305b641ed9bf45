/**
 * What the check before payment learnt about a source, handed to the job (keyed by the URL as sent), so the job
 * does not resolve it a second time: the media file a page carries, or the extractor's metadata of a platform
 * page or manifest (yt-dlp's info, trimmed to the formats it will download).
 */
export type SourceHint =
  | { kind: 'media'; url: string; title: string | null }
  | { kind: 'extracted'; info: Record<string, unknown> }
  /** One of the devnet's sample media (sources/devnet-samples.ts), read from the samples folder. */
  | { kind: 'sample'; name: string };

export type SourceHints = Record<string, SourceHint>;
