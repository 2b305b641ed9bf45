// Image endpoints' processing time against a plain sharp resize of the same input, in one run.
//  - inputs: a photographed page (1600x1200 JPEG, made by the tests' generator) for /scan-style; the Grace Hopper
//    portrait (512x512, unpacked by setup) for /hair-formula and /pfp
//  - endpoint: the step executor that does the work (scan_document, hair_formula, editorial_portrait), called
//    directly with the offline engines, median of 5 runs after one warm-up (models load once per process)
//  - reference: sharp decoding the same file and resizing it to the endpoint's output size, median of 5 runs
// Prints each endpoint's median time, the reference's, and `ratio endpoint/resize`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => import(pathToFileURL(path.join(root, 'dist', p)).href);

await main().catch((err) => {
  console.error(`bench/images: ERROR ${err?.stack ?? err}`);
  process.exitCode = 2;
});
setTimeout(() => process.exit(process.exitCode ?? 0), 5000).unref();

async function main() {
  const { default: sharp } = await import('sharp');
  const { loadConfig } = await dist('src/app/load-config.js');
  const { createStepServices } = await dist('src/steps/create-services.js');
  const { scanDocumentStep } = await dist('src/steps/images/scan-document.step.js');
  const { hairFormulaStep } = await dist('src/steps/images/hair-formula.step.js');
  const { editorialPortraitStep } = await dist('src/steps/images/editorial-portrait.step.js');
  const { photographedPage } = await dist('test/support/documents.js');

  const portrait = path.join(root, 'test-artifacts', 'photos', 'grace_hopper.jpg');
  if (!fs.existsSync(portrait)) throw new Error(`${portrait} is missing: run scripts/setup.sh`);
  const page = (await photographedPage()).file;
  const config = loadConfig({}, root);
  const services = createStepServices(config.engines, config.pipelines);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-images-'));
  const ctx = {
    jobId: 'bench',
    stepId: 'bench',
    workDir,
    logger: { info() {}, warn() {}, debug() {}, error() {} },
    signal: new AbortController().signal,
    services,
    engine() {},
  };

  const cases = [
    { endpoint: '/scan-style', input: page, size: 2048, run: () => scanDocumentStep.run({ image: page }, ctx) },
    { endpoint: '/hair-formula', input: portrait, size: 512, run: () => hairFormulaStep.run({ image: portrait }, ctx) },
    {
      endpoint: '/pfp',
      input: portrait,
      size: 1024,
      run: () => editorialPortraitStep.run({ image: portrait, mime_type: 'image/jpeg', color_palette: 'warm earth tones' }, ctx),
    },
  ];
  console.log(`cores: ${os.availableParallelism()}`);
  for (const c of cases) {
    const resize = () => sharp(c.input).resize(c.size, c.size, { fit: 'inside' }).toBuffer();
    const endpointMs = await median(c.run);
    const resizeMs = await median(resize);
    console.log(
      `${c.endpoint.padEnd(14)} ${endpointMs.toFixed(0).padStart(6)} ms   sharp resize ${resizeMs.toFixed(1).padStart(6)} ms   ratio endpoint/resize: ${(endpointMs / resizeMs).toFixed(1)}`,
    );
  }
  fs.rmSync(workDir, { recursive: true, force: true });
}

async function median(fn, runs = 5) {
  await fn(); // warm-up: models and caches load once per process
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}
