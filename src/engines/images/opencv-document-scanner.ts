import type { CpuPool } from '../cpu-pool/cpu-pool.js';
import type { DocumentScan, DocumentScanner } from './document-scanner.port.js';

/** The scanner port on OpenCV (WebAssembly), run in the CPU pool's threads (each loads OpenCV once, on first use). */
export class OpenCvDocumentScanner implements DocumentScanner {
  readonly name = 'opencv (wasm)';

  constructor(private readonly pool: CpuPool) {}

  async scan(image: string, signal: AbortSignal): Promise<DocumentScan> {
    const scan = await this.pool.run('scanDocument', [image], signal);
    return { ...scan, png: Buffer.from(scan.png.buffer, scan.png.byteOffset, scan.png.byteLength) }; // a Buffer crosses threads as a Uint8Array
  }
}
