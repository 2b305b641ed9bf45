import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { freePort } from '../../src/devnet/anvil.js';
import { deleteKeys, REDIS_URL, ROOT } from '../support/harness.js';
import { exited, MAIN } from '../support/processes.js';

const PRELOAD = path.join(ROOT, 'dist/test/support/loaded-modules.js');

/**
 * What a process that only takes requests must not load: the steps' executors and their helpers (their specs are
 * all it needs), the engines the steps run on, the pixel code (imaging/), and the image, vision, speech, OCR and model packages.
 * The engines it keeps are those of the check before payment (a page's video by yt-dlp, a media file by ffprobe).
 */
const ALLOWED_STEP_FILES =
  /\/dist\/src\/steps\/(.*\.spec\.js|specs\.js|step\.js|steps\.tokens\.js|load-executor\.js|shared\/file-caches\.js|prompt\/analyzers\/analyzer-results\.js)$/;
const FORBIDDEN_ENGINES = /\/dist\/src\/engines\/(images|ocr|speech|voice|chat|fact-check|places|cpu-pool)\//;
const FORBIDDEN_IMAGING = /\/dist\/src\/imaging\/(?!median\.js$)/;
const FORBIDDEN_PACKAGES =
  /\/node_modules\/(sharp|@img|@techstark|@tensorflow|@vladmandic|@echogarden|tesseract[^/]*|onnxruntime[^/]*|@langchain|langchain)\//;

function forbidden(file: string): boolean {
  if (file.includes('/dist/src/steps/')) return !ALLOWED_STEP_FILES.test(file);
  return FORBIDDEN_ENGINES.test(file) || FORBIDDEN_IMAGING.test(file) || FORBIDDEN_PACKAGES.test(file);
}

/** Starts the service with ROLE, waits until it listens, and returns the files it had loaded by then. */
async function loadedBy(role: string, env: Record<string, string>): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidint-modules-'));
  const file = path.join(dir, 'modules.json');
  const port = String(await freePort());
  const child = spawn(process.execPath, ['--import', PRELOAD, MAIN], {
    env: { PATH: process.env.PATH ?? '', ...env, ROLE: role, PORT: port, LOADED_MODULES_FILE: file },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  try {
    const deadline = Date.now() + 90_000;
    while (!fs.existsSync(file)) {
      if (child.exitCode !== null) throw new Error(`ROLE=${role} exited: ${output}`);
      if (Date.now() > deadline) throw new Error(`ROLE=${role} did not listen: ${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return JSON.parse(fs.readFileSync(file, 'utf8')) as string[];
  } finally {
    child.kill('SIGTERM');
    await exited(child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the API process loads only what it serves', () => {
  const id = randomUUID().slice(0, 8);
  const env = { REDIS_URL, KEY_PREFIX: `vidint-test-${id}`, QUEUE_NAME: `q-${id}`, LOG_LEVEL: 'warn' };
  after(() => deleteKeys(`${env.KEY_PREFIX}*`));

  it('ROLE=api loads no step executor, engine of a step, pixel code or model package', async () => {
    const files = await loadedBy('api', env);
    assert.ok(
      files.some((f) => f.endsWith('/dist/src/steps/specs.js')),
      'the steps are known by their specs',
    );
    assert.deepEqual(
      files.filter(forbidden).map((f) => path.relative(ROOT, f)),
      [],
    );
  });

  it('ROLE=all loads them (the same check sees them where jobs run)', async () => {
    const files = await loadedBy('all', env);
    for (const expected of [
      '/dist/src/steps/catalogue.js',
      '/dist/src/steps/prompt/prompt.step.js',
      // The models themselves (Human, OpenCV) load in the CPU pool's threads, not on the main thread.
      '/dist/src/engines/images/human-face-detector.js',
      '/dist/src/engines/speech/pocketsphinx.js',
      '/node_modules/sharp/',
    ])
      assert.ok(
        files.some((f) => f.includes(expected)),
        expected,
      );
  });
});
