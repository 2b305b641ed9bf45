import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { paidJob, paidPost } from '../support/devnet.js';
import { type FileServer, file, startFileServer } from '../support/file-server.js';
import { type Harness, pollJob, ROOT, startHarness } from '../support/harness.js';
import { makeClip } from '../support/media.js';
import { type OpenAiServer, startOpenAiServer } from '../support/openai-server.js';
import { AD_CLIP, BRAND_CLIP, FACT_CLIP } from '../support/scripted-clips.js';

describe('/product-id, /ad-debunk and /verify on scripted clips (offline analyzers)', () => {
  let h: Harness;
  let web: FileServer;

  before(async () => {
    web = await startFileServer({
      '/brand.mp4': file(await makeClip(BRAND_CLIP)),
      '/ad.mp4': file(await makeClip(AD_CLIP)),
      '/fact.mp4': file(await makeClip(FACT_CLIP)),
      '/silent-brand.mp4': file(await makeClip({ scenes: BRAND_CLIP.scenes.slice(0, 1), audio: false })),
    });
    h = await startHarness({ env: { PIPELINES_DIR: path.join(ROOT, 'pipelines'), FETCH_ALLOW_LOOPBACK: 'true' } });
  });
  after(async () => {
    await h?.close();
    await web?.close();
  });

  const run = async (route: string, clip: string) => {
    const job = await paidJob(h, route, { url: `${web.url}/${clip}` });
    assert.equal(job.status, 'complete', job.error);
    return job;
  };

  it('/product-id finds the scripted brands with their categories, more confident when seen and said', async () => {
    const job = await run('/product-id', 'brand.mp4');
    const byBrand = Object.fromEntries(job.result.products.map((p: any) => [p.brand, p]));
    assert.deepEqual(Object.keys(byBrand).sort(), ['CeraVe', 'Nike', 'Samsung']);
    assert.equal(byBrand.Nike.name, 'Nike Air Max');
    assert.equal(byBrand.Nike.category, 'Sportswear');
    assert.equal(byBrand.Samsung.name, 'Samsung Galaxy S24');
    assert.equal(byBrand.Samsung.category, 'Electronics');
    assert.equal(byBrand.CeraVe.category, 'Skincare');
    assert.ok(byBrand.Samsung.confidence > byBrand.Nike.confidence, 'seen and said beats seen only');
    assert.match(byBrand.Nike.buy_links[0], /^https:\/\/www\.amazon\.com\/s\?k=Nike%20Air%20Max$/);
    assert.match(byBrand.Nike.price_range, /^\$\d/);
    assert.equal(job.engines.analysis, 'offline product_id analyzer');
  });

  it('/product-id answers an empty list when no known product appears, and works on a silent video', async () => {
    assert.deepEqual((await run('/product-id', 'fact.mp4')).result.products, []);
    const silent = await run('/product-id', 'silent-brand.mp4');
    assert.deepEqual(
      silent.result.products.map((p: any) => p.name),
      ['Nike Air Max'],
    );
    assert.equal(silent.engines.speech, undefined, 'no speech engine ran');
  });

  it('/ad-debunk flags each scripted exaggerated claim with the right rule, and rates the ad', async () => {
    const job = await run('/ad-debunk', 'ad.mp4');
    const rulesOf = (pattern: RegExp) => job.result.claims.find((c: any) => pattern.test(c.claim))?.rules ?? [];
    assert.deepEqual(rulesOf(/clinically proven/i), ['unnamed-clinical-proof']);
    assert.deepEqual(rulesOf(/7 days/i), ['implausible-timeframe']);
    assert.deepEqual(rulesOf(/cures acne/i), ['disease-cure', 'absolute-efficacy']);
    assert.deepEqual(rulesOf(/only 3 left/i), ['fake-scarcity']);
    assert.deepEqual(rulesOf(/every wrinkle/i), ['absolute-efficacy']);
    assert.deepEqual(rulesOf(/guaranteed/i), ['guaranteed-results']);
    const cure = job.result.claims.find((c: any) => /cures acne/i.test(c.claim));
    assert.equal(cure.verdict, 'false');
    assert.match(cure.evidence, /Disease cure or treatment claim \(CAP Code 12\.1/);
    assert.equal(job.result.overall_rating, 'deceptive');
    assert.match(job.result.recommendation, /Do not buy/);
  });

  it('/verify extracts the scripted factual claims, leaves opinions and calls to action out, and says nothing was checked', async () => {
    const job = await run('/verify', 'fact.mp4');
    const claims = job.result.claims.map((c: any) => c.claim.toLowerCase());
    assert.ok(
      claims.some((c: string) => /90 percent of people agree/.test(c)),
      JSON.stringify(claims),
    );
    assert.ok(
      claims.some((c: string) => /eiffel tower was built/.test(c)),
      JSON.stringify(claims),
    );
    assert.ok(
      claims.some((c: string) => /coffee causes cancer/.test(c)),
      JSON.stringify(claims),
    );
    assert.ok(!claims.some((c: string) => /i love|subscribe/.test(c)), JSON.stringify(claims));
    for (const c of job.result.claims) {
      assert.equal(c.verdict, 'unverifiable');
      assert.match(c.explanation, /No evidence source was consulted/);
      assert.ok(c.confidence <= 0.3);
    }
    assert.equal(job.result.overall_credibility, 'low');
    assert.match(job.result.summary, /None could be checked/);
  });
});

describe('/ad-debunk and /product-id with a model (OpenAI protocol, real LangChain client)', () => {
  let h: Harness;
  let web: FileServer;
  let ai: OpenAiServer;
  before(async () => {
    web = await startFileServer({ '/ad.mp4': file(await makeClip(AD_CLIP)) });
    ai = await startOpenAiServer();
    h = await startHarness({
      env: {
        PIPELINES_DIR: path.join(ROOT, 'pipelines'),
        FETCH_ALLOW_LOOPBACK: 'true',
        LLM_PROVIDER: 'openai-compatible',
        LLM_MODEL: 'judge',
        LLM_BASE_URL: ai.url,
      },
    });
  });
  after(async () => {
    await h?.close();
    await web?.close();
    await ai?.close();
  });

  it("validates the model's verdicts, repairing an answer that breaks the schema once", async () => {
    const good = {
      product: 'Acne cream',
      claims: [
        {
          claim: 'Cures acne forever',
          verdict: 'false',
          evidence: 'Cosmetics cannot cure a disease',
          sources: ['https://www.asa.org.uk/'],
        },
      ],
      overall_rating: 'deceptive',
      recommendation: 'Avoid.',
    };
    ai.answers = [{ json: { ...good, overall_rating: 'bad' } }, { json: good }];
    const res = await paidPost(h, '/ad-debunk', { url: `${web.url}/ad.mp4` });
    const job = await pollJob(h.url, res.json.job_id, 120);
    assert.equal(job.status, 'complete', job.error);
    const { claims, speech, transcript_confidence, transcript_probability, ...prose } = job.result;
    const { claims: said, ...rest } = good;
    assert.deepEqual(prose, rest, 'the model writes the product, rating and recommendation');
    assert.ok(transcript_probability > 0.5, 'the service, not the model, judges the transcript');
    assert.equal(claims.length, 1);
    const [claim] = claims;
    assert.deepEqual({ claim: claim.claim, verdict: claim.verdict, evidence: claim.evidence, sources: claim.sources }, said[0]);
    // The evidence is the service's: the claim is tied to the caption it came from, with its times and OCR confidence.
    assert.equal(claim.source, 'screen', JSON.stringify(claim));
    assert.ok(claim.start >= 5 && claim.start < 7.5, `shown in the third scene: ${JSON.stringify(claim)}`);
    assert.ok(claim.evidence_confidence > 0 && claim.evidence_confidence <= 1, JSON.stringify(claim));
    assert.equal(speech, 'recognised');
    assert.ok(transcript_confidence >= 0.5, String(transcript_confidence));
    assert.match(JSON.stringify(ai.chatRequests.at(-1).messages.at(-1)), /overall_rating: must be one of/);
    assert.match(JSON.stringify(ai.chatRequests[0].messages[0]), /CURES ACNE FOREVER/, 'the on-screen text is in the prompt');
  });

  it('fails the job when the product list breaks the schema twice', async () => {
    ai.answers = [{ json: { products: [{ name: 'Cream', confidence: 3 }] } }];
    const res = await paidPost(h, '/product-id', { url: `${web.url}/ad.mp4` });
    const job = await pollJob(h.url, res.json.job_id, 120);
    assert.equal(job.status, 'failed');
    assert.match(job.error, /did not match the result schema twice/);
  });
});

describe('/verify with an evidence source (a local server speaking the Fact Check Tools API)', () => {
  let h: Harness;
  let web: FileServer;
  let factCheck: FileServer;
  const queries: Array<{ query: string | null; key: string | null }> = [];

  before(async () => {
    web = await startFileServer({ '/fact.mp4': file(await makeClip(FACT_CLIP)) });
    const review = (text: string, rating: string, url: string) => ({
      claims: [
        {
          text,
          claimant: 'social media posts',
          claimReview: [{ publisher: { name: 'Example Checks', site: 'checks.example' }, url, title: text, textualRating: rating }],
        },
      ],
    });
    factCheck = await startFileServer({
      '/v1alpha1/claims:search': (req, res) => {
        const u = new URL(req.url!, 'http://x');
        const query = u.searchParams.get('query');
        queries.push({ query, key: u.searchParams.get('key') });
        const body = /coffee/i.test(query ?? '')
          ? review('Coffee causes cancer', 'False', 'https://checks.example/coffee')
          : /eiffel/i.test(query ?? '')
            ? review('The Eiffel Tower was completed in 1889', 'True', 'https://checks.example/eiffel')
            : {};
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      },
    });
    h = await startHarness({
      env: {
        PIPELINES_DIR: path.join(ROOT, 'pipelines'),
        FETCH_ALLOW_LOOPBACK: 'true',
        FACTCHECK_API_URL: `${factCheck.url}/v1alpha1/claims:search`,
        FACTCHECK_API_KEY: 'test-key',
      },
    });
  });
  after(async () => {
    await h?.close();
    await web?.close();
    await factCheck?.close();
  });

  it('gives the published verdicts with their sources, and leaves unreviewed claims unverifiable', async () => {
    const res = await paidPost(h, '/verify', { url: `${web.url}/fact.mp4` });
    const job = await pollJob(h.url, res.json.job_id, 120);
    assert.equal(job.status, 'complete', job.error);
    const find = (re: RegExp) => job.result.claims.find((c: any) => re.test(c.claim));
    assert.equal(find(/coffee causes cancer/i).verdict, 'false');
    assert.deepEqual(find(/coffee causes cancer/i).sources, ['https://checks.example/coffee']);
    assert.match(find(/coffee causes cancer/i).explanation, /Example Checks rated "Coffee causes cancer" as "False"/);
    assert.equal(find(/eiffel/i).verdict, 'true');
    assert.equal(find(/90 percent/i).verdict, 'unverifiable');
    assert.match(find(/90 percent/i).explanation, /has no published review/);
    assert.equal(job.result.overall_credibility, 'medium');
    assert.match(job.engines.evidence, /fact-check search/);
    assert.ok(queries.every((q) => q.key === 'test-key'));
    assert.ok(queries.some((q) => /coffee causes cancer/i.test(q.query ?? '')));
  });
});
