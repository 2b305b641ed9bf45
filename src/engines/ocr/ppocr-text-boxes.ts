import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Box } from '../../imaging/text-regions.js';

/** PP-OCRv4's detector as far as it is used here: the text lines it finds in an image, as quadrilaterals in its pixels. */
interface Detector {
  run(file: string): Promise<Array<{ box: number[][] }>>;
}

/**
 * Lines of text found by PP-OCRv4's detection model (@gutenye/ocr-node on onnxruntime), in frame pixels. The package
 * is not a dependency of the service: it is installed apart (`dir`, SCENE_TEXT_DETECTOR_DIR) and loaded on first use.
 */
export class PpOcrTextBoxes {
  private detector: Promise<Detector> | null = null;

  constructor(private readonly dir: string) {}

  async find(file: string): Promise<Box[]> {
    this.detector ??= this.load();
    const sharp = (await import('sharp')).default;
    const [lines, meta] = await Promise.all([(await this.detector).run(file), sharp(file).metadata()]);
    // The model reads the image stretched to multiples of 32 pixels, and its boxes are in those pixels.
    const [w, h] = [meta.width ?? 1, meta.height ?? 1];
    const [sx, sy] = [w / (Math.ceil(w / 32) * 32), h / (Math.ceil(h / 32) * 32)];
    return lines.map((l) => boundingBox(l.box.map(([x, y]) => [x * sx, y * sy])));
  }

  private async load(): Promise<Detector> {
    const require = createRequire(path.join(path.resolve(this.dir), 'package.json'));
    // Importing the package registers its Node backend (onnxruntime-node, sharp) with the common code.
    await import(pathToFileURL(require.resolve('@gutenye/ocr-node')).href);
    // The detector alone is not exported: its module sits beside the common package's entry (the same module instance).
    const common = path.dirname(require.resolve('@gutenye/ocr-common'));
    const { Detection } = await import(pathToFileURL(path.join(common, 'models/Detection.js')).href);
    return Detection.create({});
  }
}

function boundingBox(points: number[][]): Box {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  return { left, top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
}
