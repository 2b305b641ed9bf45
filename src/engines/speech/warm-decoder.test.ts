import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { acousticFitOf } from '../voice/acoustic-fit.js';
import { decodedStretch, readPcmWav, silence, writeWav } from '../voice/pcm-wav.js';
import { cepstralMean, featParamsWith } from './cepstral-mean.js';
import { lmDictionary } from './lm-dictionary.js';
import { BED_SEARCH, FAST_SEARCH, PocketsphinxSpeechToText, parseWords } from './pocketsphinx.js';
import { WarmDecoder } from './warm-decoder.js';

/** npm run build compiles it (scripts/build-native.sh); scripts/setup.sh installs what that needs. */
const WARM = fileURLToPath(new URL('../../../native/pocketsphinx_warm', import.meta.url));

const SCRIPT =
  'Welcome back to the kitchen. Today I will show you the fastest pasta recipe you have ever seen. ' +
  'Boil the water with a spoon of salt, then add the spaghetti and stir it twice. While it cooks, warm four cloves ' +
  'of garlic in olive oil, add a can of crushed tomatoes and a pinch of chili. Drain the pasta, toss it in the sauce, ' +
  'and finish it with parmesan and fresh basil. That is dinner in ten minutes for less than five dollars.';

describe('the warm speech decoder (one loaded pocketsphinx, a forked child a piece)', () => {
  let dir: string;
  let speech: string;
  /** Its first 7 s. */
  let shortSpeech: string;
  let dict: string[];
  const signal = () => new AbortController().signal;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'warm-decoder-'));
    execFileSync('flite', ['-voice', 'slt', '-t', SCRIPT, '-o', path.join(dir, 'raw.wav')]);
    speech = path.join(dir, 'speech.wav');
    const noise = ['-f', 'lavfi', '-i', 'anoisesrc=c=pink:a=0.03:r=16000'];
    const mix = ['-filter_complex', '[0:a]aresample=16000[v];[v][1:a]amix=inputs=2:duration=first', '-ac', '1', '-c:a', 'pcm_s16le'];
    execFileSync('ffmpeg', ['-v', 'error', '-i', path.join(dir, 'raw.wav'), ...noise, ...mix, speech]);
    shortSpeech = path.join(dir, 'short.wav');
    execFileSync('ffmpeg', ['-v', 'error', '-i', speech, '-t', '7', '-c', 'copy', shortSpeech]);
    dict = ['-dict', (await lmDictionary()) as string];
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** pocketsphinx_continuous on `file`: what it prints and its log's fit. */
  function continuous(file: string, search: string[], featParams: string[], name: string) {
    const log = path.join(dir, `${name}.log`);
    const args = ['-infile', file, '-time', 'yes', ...dict, ...search, ...featParams, '-backtrace', 'yes', '-logfn', log];
    const out = execFileSync('pocketsphinx_continuous', args, { encoding: 'utf8' });
    return { out, fit: acousticFitOf(fs.readFileSync(log, 'utf8')) };
  }

  it('prints the words and writes the log pocketsphinx_continuous does, cold or from a cepstral mean, fast or full search', async () => {
    const mean = await cepstralMean('sphinx_fe', shortSpeech, path.join(dir, 'mean.cep.txt'), signal());
    assert.ok(mean, 'sphinx_fe gives the speech a mean');
    // Under a bed the engine's pieces start cold (with a lead-in), without one from their own mean or cold.
    const cases: Array<[string, string[], Array<number[] | null>]> = [
      ['fast', FAST_SEARCH, [null, mean]],
      ['full', BED_SEARCH, [null]],
    ];
    for (const [label, search, starts] of cases) {
      const warm = new WarmDecoder(WARM, [...dict, ...search, '-backtrace', 'yes', '-logfn', '/dev/null']);
      try {
        for (const start of starts) {
          const name = `${label}-${start ? 'mean' : 'cold'}`;
          const featParams = start ? ['-featparams', await featParamsWith(start, path.join(dir, `${name}.feat.params`))] : [];
          const expected = continuous(shortSpeech, search, featParams, `${name}-continuous`);
          const piece = { file: shortSpeech, out: path.join(dir, `${name}.out`), log: path.join(dir, `${name}-warm.log`), mean: start };
          await warm.decode(piece, signal());
          assert.ok(expected.out.split('\n').length > 12, `${name}: words are heard`);
          assert.equal(fs.readFileSync(piece.out, 'utf8'), expected.out, name);
          assert.deepEqual(acousticFitOf(fs.readFileSync(piece.log, 'utf8')), expected.fit, name);
        }
      } finally {
        warm.close();
      }
    }
  });

  it('gives the engine the same transcript, piece by piece, as a process per piece', async () => {
    const transcribe = (warmBinary: string | null) =>
      new PocketsphinxSpeechToText('pocketsphinx_continuous', 'ffmpeg', { isolateVoice: false, parallelism: 2, warmBinary }).transcribe(
        speech,
        {
          signal: signal(),
          workDir: fs.mkdtempSync(path.join(dir, 'job-')),
        },
      );
    const [warm, processes] = [await transcribe(WARM), await transcribe(null)];
    assert.ok(warm.segments.length > 2, 'the speech is heard in sentences');
    assert.ok(warm.segments.at(-1)!.end > 16, 'over more than one piece (each at most 12 s here)');
    assert.deepEqual(warm, processes);
  });

  it('searches a lead-in with a grammar: the piece keeps its words and fit; a lead-in that runs into the piece is decoded again in full', async () => {
    const wav = readPcmWav(speech)!;
    // As the engine cuts a later piece under a bed: the 4 s before it, a 0.6 s pause, the piece.
    const parts = [decodedStretch(wav, 6, 4), silence(wav, 0.6), decodedStretch(wav, 10, 9)];
    const withLeadIn = path.join(dir, 'lead-in.wav');
    writeWav(wav, parts, withLeadIn);
    // Speech said to start with a 0.6 s lead-in and no pause: whatever the speech detection hears, the utterance
    // that starts the file is still open once the lead-in has been read, so it may hold the piece's words.
    const runOn = path.join(dir, 'run-on.wav');
    writeWav(wav, [decodedStretch(wav, 6, 13)], runOn);
    const header = (wav.header.length - 44) / 2;
    const warm = new WarmDecoder(WARM, [...dict, ...BED_SEARCH, '-backtrace', 'yes', '-logfn', '/dev/null']);
    try {
      for (const [name, file, leadIn] of [
        ['lead-in', withLeadIn, { samples: header + parts[0].length / 2, gap: parts[1].length / 2 }],
        ['run-on', runOn, { samples: header + 9600, gap: 0 }],
      ] as const) {
        const expected = continuous(file, BED_SEARCH, [], `${name}-continuous`);
        const piece = { file, out: path.join(dir, `${name}.out`), log: path.join(dir, `${name}-warm.log`), mean: null, leadIn };
        await warm.decode(piece, signal());
        const out = fs.readFileSync(piece.out, 'utf8');
        if (name === 'run-on') {
          assert.equal(out, expected.out, "decoded again without the lead-in: every word, the lead-in's too");
          assert.deepEqual(acousticFitOf(fs.readFileSync(piece.log, 'utf8')), expected.fit, 'and the fit of that decoding alone');
          continue;
        }
        const after = (words: string) => parseWords(words).filter((w) => w.start >= 4.55);
        assert.ok(after(expected.out).length > 10, 'the piece is heard');
        assert.ok(parseWords(expected.out).length > after(expected.out).length, 'the lead-in has words of its own');
        assert.deepEqual(parseWords(out), after(expected.out), "the piece's words, and none of the lead-in's");
        const fitAfter = (log: string) => acousticFitOf(fs.readFileSync(log, 'utf8'), 4.6);
        assert.deepEqual(fitAfter(piece.log), fitAfter(path.join(dir, `${name}-continuous.log`)));
      }
    } finally {
      warm.close();
    }
  });

  it('kills a cancelled piece, fails a piece the decoder cannot read, and starts again after its server is killed', async () => {
    const warm = new WarmDecoder(WARM, [...dict, ...FAST_SEARCH, '-backtrace', 'yes', '-logfn', '/dev/null']);
    try {
      const piece = (name: string, file = speech) => ({
        file,
        out: path.join(dir, `${name}.out`),
        log: path.join(dir, `${name}.log`),
        mean: null,
      });
      const controller = new AbortController();
      const cancelled = warm.decode(piece('cancelled'), controller.signal);
      // Other tests' engines may keep servers of their own in this process: ours is the one decoding.
      await waitFor(() => serverPids().some((pid) => childrenOf(pid).length === 1));
      const server = serverPids().find((pid) => childrenOf(pid).length === 1)!;
      const [child] = childrenOf(server);
      controller.abort(new Error('the job was cancelled'));
      await assert.rejects(cancelled, /the job was cancelled/);
      await waitFor(() => !fs.existsSync(`/proc/${child}`));

      const notAudio = path.join(dir, 'not-audio.wav');
      fs.writeFileSync(notAudio, 'this is no RIFF header, and it is long enough to be read as one'.repeat(4));
      await assert.rejects(warm.decode(piece('not-audio', notAudio), signal()), /pocketsphinx failed \(exit 1\)/);

      // A line that is not a request is answered under its id, so that nobody waits on it.
      const raw = spawn(WARM, [...dict, ...FAST_SEARCH, '-logfn', '/dev/null'], { stdio: ['pipe', 'pipe', 'ignore'] });
      const replies = readline.createInterface({ input: raw.stdout! })[Symbol.asyncIterator]();
      assert.equal((await replies.next()).value, 'ready');
      raw.stdin!.end('7\tonly\tthree fields\n');
      assert.equal((await replies.next()).value, 'done 7 2');
      if (raw.exitCode === null) await new Promise((r) => raw.once('exit', r));

      process.kill(server, 'SIGKILL');
      await waitFor(() => !serverPids().includes(server));
      await warm.decode(piece('after-restart'), signal());
      assert.match(fs.readFileSync(path.join(dir, 'after-restart.out'), 'utf8'), /kitchen.*parmesan/s);
    } finally {
      warm.close();
    }
  });
});

/** The pids of this process's warm decoder servers (`comm` keeps 15 characters). */
function serverPids(): number[] {
  return childrenOf(process.pid).filter((pid) => commOf(pid) === 'pocketsphinx_wa');
}

function childrenOf(parent: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent;
      } catch {
        return false;
      }
    });
}

function commOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

async function waitFor(done: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((r) => setTimeout(r, 20));
  assert.ok(done(), 'in time');
}
