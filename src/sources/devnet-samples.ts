/**
 * The sample media a devnet service serves at its own /devnet/samples/<name> (a reel with speech and captions, a face
 * photo, a document photo; files in samples/), so every example can run against a devnet with nothing of its own.
 * In devnet mode, and only there, these URLs are accepted as sources whatever host names the service: the job reads
 * the file from the samples folder instead of fetching it, so the name is all that is taken from the URL.
 */
export const DEVNET_SAMPLES: Readonly<Record<string, string>> = {
  'reel.mp4': 'video/mp4',
  'face.jpg': 'image/jpeg',
  'document.jpg': 'image/jpeg',
};

const SAMPLE_PATH = /^\/devnet\/samples\/([a-z0-9.-]+)$/;

/** The sample a URL names (`http://<any host>/devnet/samples/reel.mp4` -> `reel.mp4`), or null. */
export function devnetSampleName(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const name = SAMPLE_PATH.exec(new URL(url).pathname)?.[1];
  return name && Object.hasOwn(DEVNET_SAMPLES, name) ? name : null;
}
