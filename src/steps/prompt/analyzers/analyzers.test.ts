import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parsePocketsphinx } from '../../../engines/speech/pocketsphinx.js';
import { sentencesOf, splitPunctuated } from '../../../engines/speech/sentences.js';
import { planPieces } from '../../../engines/voice/silence-split.js';
import type { VideoEvidence } from '../../shared/video-evidence.js';
import { analyzeAnalyzer } from './analyze.analyzer.js';
import { readSentiment } from './text/sentiment.js';
import { strongStatement } from './text/strong-statements.js';

const ctx = { knowledgeDir: path.join(process.cwd(), 'knowledge') };

function input(sentences: string[], captions: string[] = [], over: Partial<VideoEvidence> = {}): VideoEvidence {
  const segments = sentences.map((text, i) => ({ start: i * 2, end: i * 2 + 1.8, text }));
  return {
    metadata: { duration: sentences.length * 2, title: null },
    transcript: { text: sentences.join(' '), language: 'en', segments },
    scenes: { scenes: [{ index: 0, start: 0, end: sentences.length * 2 }], cuts: [] },
    ocr: { captions: captions.map((text, i) => ({ index: i, text, start: 1 + i, end: 2 + i })), text: captions.join('\n') },
    levels: { peaks: [] },
    ...over,
  };
}

describe('offline analyze analyzer', () => {
  it('reads a cooking video as food & cooking, positive, titled by its first caption', async () => {
    const r: any = await analyzeAnalyzer.run(
      input(['we bake fresh bread in the oven', 'this recipe is delicious and I love it'], ['EASY BREAD RECIPE']),
      ctx,
    );
    assert.equal(r.topics[0], 'food & cooking');
    assert.equal(r.sentiment, 'positive');
    assert.equal(r.title, 'EASY BREAD RECIPE');
  });

  it('calls a review with praise and complaints mixed, and a complaint negative', async () => {
    const mixed: any = await analyzeAnalyzer.run(
      input(['the camera is amazing and I love the screen', 'but the battery is terrible and awful']),
      ctx,
    );
    assert.equal(mixed.sentiment, 'mixed');
    assert.ok(mixed.topics.includes('technology'), mixed.topics);
    const negative: any = await analyzeAnalyzer.run(input(['this product is terrible', 'it broke after one day and I hate it']), ctx);
    assert.equal(negative.sentiment, 'negative');
  });

  it('is neutral with no speech or text, titled from metadata or "Untitled video"', async () => {
    const r: any = await analyzeAnalyzer.run(input([], []), ctx);
    assert.equal(r.sentiment, 'neutral');
    assert.equal(r.title, 'Untitled video');
    assert.deepEqual(r.topics, []);
  });

  it('orders key moments by time: cuts, loudness peaks and strong statements, each explained', async () => {
    const r: any = await analyzeAnalyzer.run(
      input(['hello there friends', 'this serum removes wrinkles in 7 days guaranteed'], [], {
        scenes: {
          scenes: [
            { index: 0, start: 0, end: 1.5 },
            { index: 1, start: 1.5, end: 4 },
          ],
          cuts: [1.5],
        },
        levels: { peaks: [{ time: 3.1, loudness_db: -12 }] },
      }),
      ctx,
    );
    assert.deepEqual(
      r.key_moments.map((m: any) => m.kind),
      ['scene_change', 'strong_statement', 'loudness_peak'],
    );
    assert.match(r.key_moments[1].description, /7 days guaranteed.*a number or percentage.*an absolute claim/);
  });
});

describe('text signals', () => {
  it('scores sentence sentiment with documented thresholds', () => {
    assert.equal(readSentiment('I love this. It is wonderful.').label, 'positive');
    assert.equal(readSentiment('The weather report is at six.').label, 'neutral');
  });
  it('spots strong statements and leaves plain ones', () => {
    assert.ok(strongStatement('Lose 10 pounds in a week'));
    assert.ok(strongStatement('This is the best serum ever!'));
    assert.equal(strongStatement('we walked to the park'), null);
  });
});

describe('pocketsphinx output', () => {
  it('parses utterances into timed segments, dropping markers and alternate-pronunciation suffixes', () => {
    const out =
      'hello world\n<s> 0.000 0.100 1.0\nhello 0.110 0.500 0.9\n<sil> 0.5 0.6 1\nworld(2) 0.610 1.000 0.8\n</s> 1.0 1.1 1\nagain\nagain 2.000 2.500 0.7\n';
    assert.deepEqual(parsePocketsphinx(out, 10), [
      {
        start: 10.11,
        end: 11,
        text: 'Hello world.',
        words: [
          { word: 'hello', start: 10.11, end: 10.5, confidence: 0.9 },
          { word: 'world', start: 10.61, end: 11, confidence: 0.8 },
        ],
        // The words' confidences weighted by their durations.
        confidence: 0.85,
      },
      { start: 12, end: 12.5, text: 'Again.', words: [{ word: 'again', start: 12, end: 12.5, confidence: 0.7 }], confidence: 0.7 },
    ]);
  });
  it("rates a transcript by its words' duration-weighted confidence and the share of words the engine is sure of", async () => {
    const { transcriptConfidence } = await import('../../../engines/speech/speech-confidence.js');
    const w = (word: string, seconds: number, confidence: number) => ({ word, start: 0, end: seconds, confidence });
    // A long sure word among short unsure ones: the duration-weighted mean is 0.7, but one word in four is sure.
    const salad = [w('really', 0.6, 1), w('the', 0.2, 0.4), w('ah', 0.2, 0.1), w('to', 0.2, 0.3)];
    assert.equal(transcriptConfidence(salad), Math.round(((0.6 + 0.08 + 0.02 + 0.06) / 1.2 / 2 + 0.25 / 2) * 1000) / 1000);
    assert.equal(
      transcriptConfidence([w('serum', 0.5, 0.9), w('works', 0.4, 0.8)]),
      Math.round(((0.45 + 0.32) / 0.9 / 2 + 0.5) * 1000) / 1000,
    );
    assert.equal(transcriptConfidence([{ word: 'hi', start: 0, end: 1 }]), null, 'an engine that gives no confidence');
  });
  it('splits words into sentences at pauses, weighed by the words around them, and punctuates them', () => {
    let t = 0;
    // Words with the pause (seconds) before each.
    const timed = (spec: Array<[string, number]>) =>
      spec.map(([word, pause]) => {
        t += pause;
        const w = { word, start: Math.round(t * 100) / 100, end: Math.round((t + 0.3) * 100) / 100 };
        t += 0.3;
        return w;
      });
    const words = timed([
      ['the', 0],
      ['tower', 0],
      ['was', 0],
      ['built', 0],
      ['in', 0],
      ['eighteen', 0],
      ['eighty', 0],
      ['nine', 0],
      ['it', 0.2],
      ['is', 0],
      ['three', 0],
      ['hundred', 0],
      ['meters', 0],
      ['high', 0],
      ['i', 0.5],
      ['love', 0],
      ['it', 0],
      ['what', 0.45],
      ['is', 0],
      ['the', 0.3],
      ['answer', 0],
    ]);
    assert.deepEqual(
      sentencesOf(words).map((s) => s.text),
      ['The tower was built in eighteen eighty nine.', 'It is three hundred meters high.', 'I love it.', 'What is the answer?'],
    );
    // No pause at all: one sentence, cut in two once it runs past 22 words.
    const runOn = timed(Array.from({ length: 30 }, (_, i) => [i === 12 ? 'this' : 'word', 0] as [string, number]));
    assert.equal(sentencesOf(runOn).length, 2);
  });
  it('splits a punctuated segment holding several sentences by its words', () => {
    const words = ['Honey', 'never', 'spoils.', 'It', 'lasts.'].map((word, i) => ({ word, start: i, end: i + 0.9 }));
    assert.deepEqual(splitPunctuated([{ start: 0, end: 4.9, text: 'Honey never spoils. It lasts.', words }]), [
      { start: 0, end: 2.9, text: 'Honey never spoils.', words: words.slice(0, 3) },
      { start: 3, end: 4.9, text: 'It lasts.', words: words.slice(3) },
    ]);
    assert.deepEqual(
      splitPunctuated([{ start: 0, end: 10, text: 'One thing. Two' }]).map((s) => s.text),
      ['One thing.', 'Two'],
    );
  });
  it('splits long audio at the silence nearest each 20 s, never beyond 30 s', () => {
    assert.deepEqual(planPieces(25, []), [[0, 25]]);
    assert.deepEqual(
      planPieces(70, [
        [19, 21],
        [41.5, 42.5],
        [55, 56],
      ]),
      [
        [0, 20],
        [20, 42],
        [42, 70],
      ],
    );
    assert.deepEqual(planPieces(65, []), [
      [0, 30],
      [30, 60],
      [60, 65],
    ]);
  });
});

describe('claim rules', async () => {
  const { overallRating } = await import('./ad-debunk.analyzer.js');
  const { checkWorthy } = await import('../../shared/check-worthy.js');
  it('rates an ad from its verdicts by the documented rule', () => {
    assert.equal(overallRating([]), 'trustworthy');
    assert.equal(overallRating(['unverifiable']), 'mostly_accurate');
    assert.equal(overallRating(['misleading', 'unverifiable']), 'somewhat_misleading');
    assert.equal(overallRating(['misleading', 'misleading', 'misleading']), 'very_misleading');
    assert.equal(overallRating(['false']), 'very_misleading');
    assert.equal(overallRating(['false', 'misleading', 'misleading']), 'deceptive');
    assert.equal(overallRating(['false', 'false']), 'deceptive');
  });
  it('keeps checkable facts and drops opinions and calls to action', () => {
    for (const fact of [
      'The tower was built in 1889',
      'Coffee causes cancer in most people',
      'Sales rose 40 percent last year',
      'The moon is smaller than the earth',
    ])
      assert.ok(checkWorthy(fact), fact);
    for (const other of [
      'I love this city so much',
      'Subscribe for more videos every week',
      'This is the best pizza ever',
      'What do you think about it?',
    ])
      assert.equal(checkWorthy(other), null, other);
  });
});

describe('claims per sentence and per caption', async () => {
  const { verifyAnalyzer } = await import('./verify.analyzer.js');
  const { adDebunkAnalyzer } = await import('./ad-debunk.analyzer.js');
  const { statementsOf } = await import('../../shared/video-evidence.js');
  it('never lets a claim span two sentences, and times each', async () => {
    // One segment holding two sentences (an engine that punctuates but does not split).
    const evidence = input(['The tower was built in 1889. It is 330 meters tall.']);
    const result = (await verifyAnalyzer.run(evidence, ctx)) as {
      claims: Array<{ claim: string; start: number; end: number; source: string }>;
    };
    assert.deepEqual(result.claims.map((c) => c.claim).sort(), ['It is 330 meters tall.', 'The tower was built in 1889.']);
    const [built, tall] = [...result.claims].sort((a, b) => a.start - b.start);
    assert.equal(built.start, 0);
    assert.ok(built.end <= tall.start && tall.end === 1.8, JSON.stringify(result.claims));
    assert.equal(built.source, 'speech');
  });
  it('takes on-screen captions with their own times, counted in the scene they start in', () => {
    const timed = input(['The serum is new.', 'It ships today.'], ['RESULTS IN 7 DAYS. ONLY 3 LEFT.'], {
      scenes: {
        scenes: [
          { index: 0, start: 0, end: 2 },
          { index: 1, start: 2, end: 4 },
        ],
        cuts: [2],
      } as VideoEvidence['scenes'],
    });
    const screen = statementsOf(timed).filter((s) => s.source === 'screen');
    assert.deepEqual(screen, [
      { text: 'RESULTS IN 7 DAYS.', source: 'screen', time: 1, end: 2, scene: 0 },
      { text: 'ONLY 3 LEFT.', source: 'screen', time: 1, end: 2, scene: 0 },
    ]);
    const untimed = { ...timed, ocr: { text: 'SALE', captions: [{ index: 4, text: 'SALE' }] } } as unknown as VideoEvidence;
    assert.deepEqual(
      statementsOf(untimed).filter((s) => s.source === 'screen'),
      [{ text: 'SALE', source: 'screen', time: 0, scene: 0 }],
    );
  });
  it('lists no opinion or call to action as an ad claim', async () => {
    const result = (await adDebunkAnalyzer.run(
      input(['I love this serum, the best ever!', 'Buy 2 today and save forever!', 'It removes every wrinkle.']),
      ctx,
    )) as { claims: Array<{ claim: string }> };
    assert.deepEqual(
      result.claims.map((c) => c.claim),
      ['It removes every wrinkle.'],
    );
  });
});

describe('evidence that holds: speech state, language and confidence', async () => {
  const { verifyAnalyzer } = await import('./verify.analyzer.js');
  const { adDebunkAnalyzer } = await import('./ad-debunk.analyzer.js');
  const { languageOf } = await import('./speech-evidence.js');
  const { corroboratedLanguage } = await import('../../shared/language.js');
  const { OFFLINE_CONFIDENCE: OFFLINE } = await import('./verify.analyzer.js');
  /** What the transcribe step gives for speech below its bar: no words, the reason, the language only assumed. */
  const unintelligible = (captions: string[], title: string | null = null) =>
    input([], captions, {
      metadata: { duration: 6, title },
      transcript: {
        text: '',
        language: 'und',
        segments: [],
        confidence: 0.3,
        speech: 'unintelligible',
        reason: 'speech was heard but not recognised',
      },
    });

  it('names a short text language only when a function word and a second identifier agree with the trigram guess', () => {
    assert.equal(corroboratedLanguage('Tortilla de patatas'), 'es');
    assert.equal(corroboratedLanguage('Der schnellste Mixer'), 'de');
    assert.equal(corroboratedLanguage('How to make the best pasta at home in ten minutes'), 'en');
    // franc alone reads these as Italian and Dutch.
    assert.equal(corroboratedLanguage('ANTI WRINKLE SERUM'), null);
    assert.equal(corroboratedLanguage('WORLD RECORDS'), null);
    // franc reads these as Italian ("di" is a function word of both) and French ("la"); lande does not agree.
    assert.equal(corroboratedLanguage('Kopi terbaik di Indonesia'), null);
    assert.equal(corroboratedLanguage('Tre trucchi per la pasta'), null);
  });

  it('gives unintelligible speech the language of its captions only when that is not English, else und', () => {
    assert.deepEqual(languageOf(unintelligible(['Tortilla de patatas'])), { language: 'es', source: 'on_screen_text' });
    assert.deepEqual(languageOf(unintelligible([], 'Receta de tortilla de patatas')), { language: 'es', source: 'title' });
    assert.deepEqual(languageOf(unintelligible(['How to make the best pasta at home in ten minutes'])), { language: 'und', source: null });
    assert.deepEqual(languageOf(unintelligible([])), { language: 'und', source: null });
    assert.deepEqual(languageOf(input(['this pasta takes ten minutes'])), { language: 'en', source: 'speech' });
  });

  it('asks English speech to be surer when the captions are in another language', async () => {
    const english = (confidence: number) =>
      input(['this pizza is the best in town'], ['La pizza della nonna'], {
        transcript: {
          text: 'This pizza is the best in town.',
          language: 'en',
          segments: [{ start: 0, end: 2, text: 'This pizza is the best in town.' }],
          confidence,
          confidence_bar: 0.5,
          speech: 'recognised',
        },
      });
    const unsure = (await analyzeAnalyzer.run(english(0.6), ctx)) as Record<string, unknown>;
    assert.equal(unsure.speech, 'unintelligible');
    assert.equal(unsure.transcript, '');
    assert.equal(unsure.language, 'it');
    assert.match(
      String(unsure.speech_reason),
      /does not fit English well enough \(confidence 0\.60, under the 0\.75 asked when the on-screen text is in Italian\)/,
    );
    const sure = (await analyzeAnalyzer.run(english(0.8), ctx)) as Record<string, unknown>;
    assert.equal(sure.speech, 'recognised');
    assert.equal(sure.language, 'en');
  });

  it('draws no claim from unintelligible speech and says that nothing said could be heard', async () => {
    const verify = (await verifyAnalyzer.run(unintelligible([]), ctx)) as { claims: unknown[]; summary: string; speech: string };
    assert.deepEqual(verify.claims, []);
    assert.equal(verify.speech, 'unintelligible');
    assert.match(verify.summary, /^No claims could be heard/);
    const ad = (await adDebunkAnalyzer.run(unintelligible([]), ctx)) as { overall_rating: string; recommendation: string };
    assert.notEqual(ad.overall_rating, 'trustworthy');
    assert.match(ad.recommendation, /^No claims could be heard/);
  });

  it("takes claims from the title, and weighs a claim's confidence by how surely its words were perceived", async () => {
    const evidence = input(['The tower was built in 1889.'], [], { metadata: { duration: 2, title: 'Sales rose 40 percent last year' } });
    evidence.transcript!.segments[0].confidence = 0.5;
    const result = (await verifyAnalyzer.run(evidence, ctx)) as {
      claims: Array<{ claim: string; source: string; confidence: number; evidence_confidence?: number }>;
    };
    const spoken = result.claims.find((c) => c.source === 'speech');
    const titled = result.claims.find((c) => c.source === 'title');
    assert.equal(titled?.claim, 'Sales rose 40 percent last year');
    assert.equal(spoken?.evidence_confidence, 0.5);
    assert.equal(spoken?.confidence, Math.round(OFFLINE * 0.5 * 100) / 100);
    assert.equal(titled?.confidence, OFFLINE);
  });
});
