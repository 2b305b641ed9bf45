import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { withAudioLayout } from '../support/audio-layouts.js';
import { paidJob } from '../support/devnet.js';
import { type FileServer, file, startFileServer } from '../support/file-server.js';
import { type Harness, ROOT, startHarness } from '../support/harness.js';
import { makeClip } from '../support/media.js';
import { SHORT_FACTS } from '../support/speech-clips.js';

const run = promisify(execFile);
const KEY_WORDS = ['china', 'kilometers'];
const clip = (seconds: number, facts = SHORT_FACTS.slice(0, 1)) =>
  makeClip({ scenes: [{ seconds, source: 'color=c=0x305070' }], speech: facts.map((f) => f.text).join(' '), pause: 0.35 });

async function audioStarts(file: string): Promise<number[]> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'a',
    '-show_entries',
    'stream=start_time',
    '-of',
    'csv=p=0',
    file,
  ]);
  return stdout.trim().split('\n').map(Number);
}

/**
 * Audio as containers carry it: six channels with the voice on the centre alone, the voice on the second of two
 * tracks (the first is music), and an audio stream that starts 8 s into the video. Clips are made at test time
 * (flite, ffmpeg) and each is run once through /analyze with the offline engines (pocketsphinx).
 */
describe('/analyze hears every channel and track, at the time the video plays it', () => {
  let h: Harness;
  let web: FileServer;
  let late: string;

  before(async () => {
    late = await withAudioLayout(await clip(12), { kind: 'starts-late', seconds: 8 });
    web = await startFileServer({
      '/centre.mp4': file(await withAudioLayout(await clip(3), { kind: 'centre-of-5.1' })),
      '/second-track.mp4': file(await withAudioLayout(await clip(3), { kind: 'second-track' })),
      '/late.mp4': file(late),
    });
    h = await startHarness({ env: { PIPELINES_DIR: path.join(ROOT, 'pipelines'), FETCH_ALLOW_LOOPBACK: 'true' } });
  });
  after(async () => {
    await h?.close();
    await web?.close();
  });

  const analyze = async (name: string) => {
    const job = await paidJob(h, '/analyze', { url: `${web.url}/${name}` }, 240);
    assert.equal(job.status, 'complete', job.error);
    return job.result;
  };
  const assertHeard = (result: any, words: string[]) => {
    assert.equal(result.speech, 'recognised', `${result.speech}: ${result.speech_reason}`);
    const said = result.transcript.toLowerCase();
    for (const w of words) assert.ok(said.includes(w), `"${w}" in: ${said}`);
  };

  it('5.1 audio with the voice on the centre channel only: the key words are heard', async () => {
    assertHeard(await analyze('centre.mp4'), KEY_WORDS);
  });

  it('the voice on the second audio track, music on the first: the key words are heard', async () => {
    assertHeard(await analyze('second-track.mp4'), KEY_WORDS);
  });

  it('audio that starts 8 s into the video: its words are placed from 8 s on', async () => {
    const [start] = await audioStarts(late);
    assert.ok(Math.abs(start - 8) < 0.1, `the clip's audio starts at ${start}`);
    const result = await analyze('late.mp4');
    assertHeard(result, ['china']);
    const first = result.segments[0];
    assert.ok(first.start >= 8, `the first sentence starts at ${first.start}`);
    const firstWord = first.words?.[0];
    if (firstWord) assert.ok(firstWord.start >= 8, `the first word starts at ${firstWord.start}`);
  });
});
