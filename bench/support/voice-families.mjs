// Speech drawn at random from families of voices (ARCHITECTURE decision 24), each clip through the local engine
// and the service's decision on it (src/steps/speech/speech-verdict.ts): every synthesizer installed here (flite's
// voices, espeak-ng's English voices with its variants, festival's voices), each at a drawn speed and pitch, saying
// sentences drawn from test/support/voices.ts's scripts, or words drawn from their vocabulary in no order, or
// another language's script (read as English by flite and festival, in its own language by espeak-ng), clean, under
// pink noise or under a music bed (test/support/music-bed.ts). A family is a synthesizer: the decision's model is
// fitted on one (bench/fit-speech-decision.mjs) and its calibration checked on the others here.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { familyLine, medianAndWorstTenth } from './families.mjs';

const run = promisify(execFile);

/** The family the decision's model is fitted on; the others check it. */
export const FIT_FAMILY = 'espeak-ng';

const CACHE = path.join(os.tmpdir(), 'vidint-voice-families');

/** The synthesizers installed here and their voices (a missing one is left out, and said so). */
export async function installedVoices() {
  const voices = {};
  const tryRun = async (cmd, args) => (await run(cmd, args).catch(() => ({ stdout: null }))).stdout;
  const flite = await tryRun('flite', ['-lv']);
  if (flite) voices.flite = flite.replace('Voices available:', '').trim().split(/\s+/);
  const espeak = await tryRun('espeak-ng', ['--voices=en']);
  if (espeak) {
    // Voices under mb/ need the mbrola binary, which Debian does not ship; !v/ are the variants (listed as language
    // `variant`), drawn below as +name, not voices.
    const names = espeak
      .split('\n')
      .slice(1)
      .map((l) => l.trim().split(/\s+/))
      .filter((f) => f[4] && !f[4].startsWith('mb/') && !f[4].startsWith('!v/'));
    const variants = [
      '',
      '+f1',
      '+f2',
      '+f3',
      '+f4',
      '+f5',
      '+m1',
      '+m2',
      '+m3',
      '+m4',
      '+m5',
      '+m6',
      '+m7',
      '+klatt',
      '+klatt2',
      '+klatt3',
      '+klatt4',
      '+croak',
    ];
    voices['espeak-ng'] = { names: [...new Set(names.map((f) => f[1]))], variants };
  }
  const festival = await tryRun('sh', ['-c', 'ls -d /usr/share/festival/voices/*/*/ 2>/dev/null']);
  const festivalVoices = (festival ?? '')
    .split('\n')
    .filter(Boolean)
    .map((d) => path.basename(d));
  if (festivalVoices.length && (await tryRun('text2wave', ['-h']))) voices.festival = festivalVoices;
  return voices;
}

/** Sentences of the English scripts, each with the key words it holds; and the scripts' vocabulary. */
function scriptPool(V) {
  const sentences = V.ENGLISH_SCRIPTS.flatMap((s) =>
    s.text.split(/(?<=\.)\s+/).map((text) => ({ text, keys: s.keys.filter((k) => words(text).includes(k)) })),
  );
  const vocabulary = [...new Set(V.ENGLISH_SCRIPTS.flatMap((s) => words(s.text)).filter((w) => w.length > 3))];
  const foreign = V.FOREIGN_CASES.map((c) => ({ text: c.text, language: c.language, voice: c.voice.name.split('+')[0] }));
  return { sentences, vocabulary, foreign };
}

/** One clip drawn from `family`: its voice, prosody, words and condition. */
function drawClip(rng, family, voices, pool) {
  const kind = rng.next();
  let script;
  if (kind < 0.15) {
    const f = rng.pick(pool.foreign);
    script = { text: f.text, keys: [], language: f.language, foreignVoice: f.voice };
  } else if (kind < 0.35) {
    const ws = rng.sample(pool.vocabulary, rng.int(7, 12));
    script = { text: `${ws.join(' ')}.`, keys: ws, language: 'en', shape: 'word list' };
  } else {
    const ss = rng.sample(pool.sentences, 2);
    script = { text: ss.map((s) => s.text).join(' '), keys: ss.flatMap((s) => s.keys), language: 'en', shape: 'sentences' };
  }
  const c = rng.next();
  const condition =
    c < 0.6
      ? { kind: 'clean' }
      : c < 0.8
        ? { kind: 'noise', snr: rng.int(5, 20) }
        : { kind: 'bed', below: rng.int(6, 16), bed: rng.pick(['beat', 'pad', 'band']) };
  const voice = drawVoice(rng, family, voices, script);
  return { family, voice, ...script, condition };
}

function drawVoice(rng, family, voices, script) {
  if (family === 'flite') return { name: rng.pick(voices.flite), stretch: Number(rng.between(0.8, 1.3).toFixed(2)) };
  if (family === 'festival') return { name: rng.pick(voices.festival), stretch: Number(rng.between(0.8, 1.3).toFixed(2)) };
  const { names, variants } = voices['espeak-ng'];
  const name = script.foreignVoice ?? rng.pick(names);
  return { name: `${name}${rng.pick(variants)}`, speed: rng.int(130, 210), pitch: rng.int(20, 80) };
}

export function clipLabel(c) {
  const v = c.voice;
  const prosody = v.stretch ? ` stretch ${v.stretch}` : ` ${v.speed} wpm pitch ${v.pitch}`;
  const cond =
    c.condition.kind === 'clean'
      ? 'clean'
      : c.condition.kind === 'noise'
        ? `noise ${c.condition.snr} dB`
        : `${c.condition.bed} ${c.condition.below} dB under`;
  return `${c.family} ${v.name}${prosody}, ${c.language === 'en' ? c.shape : c.language}, ${cond}`;
}

/** `n` clips drawn with `rng`, spread evenly over `families` in turn. */
export function drawClips(rng, families, voices, V, n) {
  const pool = scriptPool(V);
  return Array.from({ length: n }, (_, i) => drawClip(rng, families[i % families.length], voices, pool));
}

/** The clip said into a 16 kHz mono WAV, with its noise or bed. */
export async function synthesize(clip, file, dist) {
  const raw = `${file}.raw.wav`;
  const v = clip.voice;
  if (clip.family === 'flite')
    await run('flite', ['-voice', v.name, '--setf', `duration_stretch=${v.stretch}`, '-t', clip.text, '-o', raw]);
  else if (clip.family === 'espeak-ng')
    await run('espeak-ng', ['-v', v.name, '-s', String(v.speed), '-p', String(v.pitch), '-w', raw, clip.text]);
  else {
    const txt = `${file}.txt`;
    fs.writeFileSync(txt, clip.text);
    const voice = `(voice_${v.name})`;
    await run('text2wave', ['-eval', voice, '-eval', `(Parameter.set 'Duration_Stretch ${v.stretch})`, txt, '-o', raw]);
  }
  await run('ffmpeg', ['-y', '-v', 'error', '-i', raw, '-af', 'apad=pad_dur=0.4', '-ar', '16000', '-ac', '1', file]);
  fs.rmSync(raw);
  if (clip.condition.kind === 'bed') {
    const { addMusicBed } = await import(dist('test/support/music-bed.js'));
    await addMusicBed(file, clip.condition.below, clip.condition.bed);
  } else if (clip.condition.kind === 'noise') await addNoise(file, clip.condition.snr, noiseSeed(clip));
}

/** The seed of a clip's noise, from the clip itself: the same clip is the same audio on every run. */
function noiseSeed(clip) {
  return crypto.createHash('sha256').update(JSON.stringify(clip)).digest().readUInt32BE(0);
}

/** Pink noise under the speech in `wav` (in place), `snr` dB under its mean level; `seed`: the noise's. */
async function addNoise(wav, snr, seed) {
  const level = async (f) => {
    const { stderr } = await run('ffmpeg', ['-hide_banner', '-nostdin', '-i', f, '-af', 'volumedetect', '-f', 'null', '-']);
    return Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)?.[1] ?? -20);
  };
  const noise = `${wav}.noise.wav`;
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', wav]);
  await run('ffmpeg', ['-y', '-v', 'error', '-f', 'lavfi', '-i', `anoisesrc=c=pink:r=16000:a=0.1:seed=${seed}:d=${Number(stdout)}`, noise]);
  const gain = (await level(wav)) - snr - (await level(noise));
  const mixed = `${wav}.mixed.wav`;
  const mix = `[1:a]volume=${gain.toFixed(1)}dB[n];[0:a][n]amix=inputs=2:normalize=0:duration=first`;
  await run('ffmpeg', ['-y', '-v', 'error', '-i', wav, '-i', noise, '-filter_complex', mix, '-ar', '16000', '-ac', '1', mixed]);
  fs.renameSync(mixed, wav);
  fs.rmSync(noise);
}

/**
 * Each clip through the engine (cached by the clip and the engine's code, so a refit and a report share the
 * decoding): its transcript, the engine's measures, and the truth (word error rate and key-word recall).
 */
export async function measureClips(clips, dist, { cachedOnly = false } = {}, log = () => {}) {
  const { PocketsphinxSpeechToText } = await import(dist('src/engines/speech/pocketsphinx.js'));
  const engine = new PocketsphinxSpeechToText('pocketsphinx_continuous', 'ffmpeg', {
    isolateVoice: true,
    decoder: process.env.SPEECH_DECODER,
  });
  const code = await decodingCode(dist);
  fs.mkdirSync(CACHE, { recursive: true });
  const rows = [];
  for (const clip of clips) {
    const key = crypto
      .createHash('sha256')
      .update(JSON.stringify(clip) + code + (clip.condition.kind === 'noise' ? 'seeded noise' : ''))
      .digest('hex')
      .slice(0, 20);
    const cached = path.join(CACHE, `${key}.json`);
    let transcript;
    if (fs.existsSync(cached)) {
      const stored = JSON.parse(fs.readFileSync(cached, 'utf8'));
      transcript = stored.transcript ?? stored;
    } else if (cachedOnly) {
      continue;
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidint-vf-'));
      const wav = path.join(dir, 'speech.wav');
      try {
        await synthesize(clip, wav, dist);
        transcript = await engine.transcribe(wav, { signal: AbortSignal.timeout(1_800_000), workDir: dir });
      } catch (err) {
        // A clip the synthesizer or the engine failed on is left out, and said so.
        console.error(`voice families: ${clipLabel(clip)}: ${err?.message ?? err}`);
        continue;
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
      fs.writeFileSync(cached, JSON.stringify({ clip, transcript }));
    }
    const row = { clip, transcript, ...truthOf(clip, transcript.text) };
    log(row);
    rows.push(row);
  }
  return { rows, engine };
}

/**
 * What the decoding depends on, for the cache key: the engine's methods and search settings, the code of the
 * voice isolation and the word vote, and the decision's model, which chooses the transcripts decoded a second time
 * (the decision itself is made afresh on every run).
 */
async function decodingCode(dist) {
  const engine = await import(dist('src/engines/speech/pocketsphinx.js'));
  const proto = engine.PocketsphinxSpeechToText.prototype;
  const methods = Object.getOwnPropertyNames(proto)
    .filter((m) => m !== 'constructor')
    .map((m) => String(Object.getOwnPropertyDescriptor(proto, m).value ?? Object.getOwnPropertyDescriptor(proto, m).get));
  // The decision's model too: it chooses the transcripts that get a second decoding (wantsSecondOpinion).
  const settings = JSON.stringify([
    engine.FAST_SEARCH,
    engine.BED_SEARCH,
    engine.SECOND_OPINION,
    String(engine.wantsSecondOpinion),
    engine.POCKETSPHINX_DECISION,
    engine.POCKETSPHINX_CONFIDENCE_BAR,
    engine.POCKETSPHINX_FIT_BAR,
  ]);
  const files = ['voice', 'speech'].flatMap((dir) => {
    const folder = new URL(dist(`src/engines/${dir}/`));
    return fs
      .readdirSync(folder)
      .filter((f) => f.endsWith('.js') && !f.endsWith('.test.js') && f !== 'pocketsphinx.js' && f !== 'transcript-model.js')
      .map((f) => fs.readFileSync(new URL(f, folder), 'utf8'));
  });
  return crypto
    .createHash('sha256')
    .update([...methods, settings, ...files].join('\n'))
    .digest('hex');
}

/** Word error rate against the script (1 for another language: none of its words are English) and key-word recall. */
export function truthOf(clip, text) {
  const said = words(text);
  const wer = clip.language === 'en' ? wordErrorRate(words(clip.text), said) : 1;
  const recall = clip.keys.length ? clip.keys.filter((k) => said.includes(k)).length / clip.keys.length : 0;
  return { wer, recall, right: wer <= 0.5 };
}

export function words(s) {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

function wordErrorRate(ref, hyp) {
  let row = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const next = [i];
    for (let j = 1; j <= hyp.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (ref[i - 1] === hyp[j - 1] ? 0 : 1));
    row = next;
  }
  return ref.length ? row[hyp.length] / ref.length : 0;
}

/**
 * Predicted probability against what happened: rows binned by `p` (tenths), each bin's count, mean prediction and
 * the observed share of transcripts right enough (word error rate at most 0.5); and the Brier score.
 */
export function reliabilityLines(rows, label) {
  const bins = Array.from({ length: 10 }, () => ({ n: 0, p: 0, right: 0 }));
  for (const r of rows) {
    const b = bins[Math.min(9, Math.floor(r.p * 10))];
    b.n++;
    b.p += r.p;
    b.right += r.right ? 1 : 0;
  }
  const brier = rows.reduce((s, r) => s + (r.p - (r.right ? 1 : 0)) ** 2, 0) / Math.max(1, rows.length);
  const lines = [`reliability, ${label} (${rows.length} clips; right enough = word error rate <= 0.5): Brier ${brier.toFixed(3)}`];
  bins.forEach((b, i) => {
    if (!b.n) return;
    const range = `${(i / 10).toFixed(1)}-${((i + 1) / 10).toFixed(1)}`;
    lines.push(`  p ${range}: ${String(b.n).padStart(3)} clips, mean p ${(b.p / b.n).toFixed(2)}, observed ${(b.right / b.n).toFixed(2)}`);
  });
  return lines;
}

/** Per family: kept, nonsense kept, and the median and worst tenth of kept transcripts' word errors and key-word recall. */
export function familyLines(rows, seed) {
  const lines = [];
  for (const family of [...new Set(rows.map((r) => r.clip.family))]) {
    const of = rows.filter((r) => r.clip.family === family);
    const kept = of.filter((r) => r.kept);
    const nonsense = kept.filter((r) => !r.right).length;
    const missed = of.filter((r) => !r.kept && r.right).length;
    const tag = family === FIT_FAMILY ? ' (the family the model was fitted on)' : '';
    lines.push(
      `voice family ${family}${tag}: kept ${kept.length}/${of.length}, nonsense kept ${nonsense} (goal 0), right but withheld ${missed}`,
    );
    if (kept.length) {
      lines.push(
        `  ${familyLine(
          'word error rate of kept',
          kept.map((r) => r.wer),
          seed,
          false,
        )}`,
      );
      const keyed = kept.filter((r) => r.clip.keys.length);
      if (keyed.length)
        lines.push(
          `  ${familyLine(
            'key-word recall of kept',
            keyed.map((r) => r.recall),
            seed,
          )}`,
        );
    }
  }
  return lines;
}

export { medianAndWorstTenth };

/**
 * bench/quality's families-voices section: QUALITY_FAMILY_CLIPS clips (40 unless told; VOICE_FAMILIES_CACHED_ONLY=1:
 * only those already decoded, to re-judge them after a refit) drawn over every installed
 * family with the run's seed, each judged by the service's decision; per family the clips kept, the nonsense kept
 * and the median and worst tenth of the kept transcripts' word errors and key-word recall, what the bars of old
 * would have kept, and the reliability of the predicted probability on the families the model was not fitted on.
 */
export async function familiesVoices(dist, seed) {
  const { seededRandom } = await import('./families.mjs');
  const V = await import(dist('test/support/voices.js'));
  const voices = await installedVoices();
  const families = Object.keys(voices);
  const missing = ['flite', 'espeak-ng', 'festival'].filter((f) => !families.includes(f));
  const n = Number(process.env.QUALITY_FAMILY_CLIPS ?? 40);
  console.log(
    `voice families: ${families.join(', ')}${missing.length ? ` (not installed: ${missing.join(', ')})` : ''}; ${n} clips, seed ${seed}`,
  );
  const clips = drawClips(seededRandom(seed), families, voices, V, n);
  const { judgeSpeech } = await import(dist('src/steps/speech/speech-verdict.js'));
  const { rows, engine } = await measureClips(clips, dist, { cachedOnly: !!process.env.VOICE_FAMILIES_CACHED_ONLY });
  for (const r of rows) {
    const judged = judgeSpeech(r.transcript, engine);
    Object.assign(r, { kept: judged.speech === 'recognised', p: judged.probability ?? NaN, old: keptByOldBars(r.transcript) });
    const t = r.transcript;
    const measures = `confidence ${t.confidence}, fit ${t.fit}, agreement ${t.agreement ?? '-'}, p ${r.p.toFixed(2)}`;
    console.log(`voice family clip ${clipLabel(r.clip)}: ${measures}; WER ${r.wer.toFixed(2)}, ${r.kept ? 'kept' : 'withheld'}`);
  }
  for (const line of familyLines(rows, seed)) console.log(line);
  const oldKept = rows.filter((r) => r.old);
  console.log(
    `the bars of old (confidence 0.5, fit -4.4, agreement 0.62) on the same clips: kept ${oldKept.length}/${rows.length}, nonsense kept ${oldKept.filter((r) => !r.right).length}`,
  );
  const judged = rows.filter((r) => Number.isFinite(r.p));
  for (const line of reliabilityLines(
    judged.filter((r) => r.clip.family !== FIT_FAMILY),
    `families other than ${FIT_FAMILY}`,
  ))
    console.log(line);
  for (const line of reliabilityLines(
    judged.filter((r) => r.clip.family === FIT_FAMILY),
    `${FIT_FAMILY}, the family fitted on`,
  ))
    console.log(line);
}

/** What the three bars the decision replaced would have kept (for comparison on the same clips). */
function keptByOldBars(t) {
  if (!t.text?.trim()) return false;
  return t.confidence >= 0.5 && t.fit >= -4.4 && (t.agreement === undefined || t.agreement >= 0.62);
}
