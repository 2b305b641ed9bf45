import fs from 'node:fs';
import { type LocalRunReport, RequestRefused, runLocally } from '../workbench/local-run.js';
import { serveFiles } from '../workbench/loopback-file-server.js';
import { ProgressDisplay } from '../workbench/progress-display.js';
import type { RecordedPrompt } from '../workbench/prompt-recorder.js';
import { type Args, UsageError } from './args.js';

export const RUN_USAGE = `  vidint run <pipeline> (--url U | --video FILE | --image FILE | --body JSON) [--<field> <value> ...]
      [--step ID] [--save DIR] [--prompt-only] [--pipelines DIR] [--prompts DIR] [--schemas DIR] [--json]
      run a pipeline on this machine, without a server or a payment, with live progress per step: the result
      on stdout (--step ID: that step's whole output; --json: the report with every step's time).
      --video FILE serves a local file on 127.0.0.1; --save DIR keeps the evidence (work files, each step's
      output as JSON); --prompt-only prints what the model would receive and calls none.`;

/** `vidint run`: exit 0 with a result (or a prompt preview), 1 the pipeline failed, 2 usage, 3 the request refused. */
export async function runCommand(rest: string[], args: Args): Promise<number> {
  const name = rest[0];
  if (!name) throw new UsageError(`a pipeline to run is needed:\n${RUN_USAGE}`);
  const body = requestBody(args);
  const env: NodeJS.ProcessEnv = { ...process.env };
  const video = args.options.video;
  if (video && !fs.existsSync(video)) throw new UsageError(`--video ${video}: no such file`);
  const files = video ? await serveFiles([video]) : null;
  if (video && files) {
    body.url = files.url(video);
    env.FETCH_ALLOW_LOOPBACK = 'true'; // the local file is served on 127.0.0.1
  }
  const display = new ProgressDisplay();
  let report: LocalRunReport;
  try {
    report = await runLocally({
      pipeline: name,
      body,
      env,
      dirs: { pipelines: args.options.pipelines, prompts: args.options.prompts, schemas: args.options.schemas },
      saveDir: args.options.save,
      promptOnly: args.flags.has('prompt-only'),
      onStep: display.onStep,
    });
  } catch (err) {
    if (err instanceof RequestRefused) {
      console.error(`vidint: ${err.message}`);
      return 3;
    }
    throw err;
  } finally {
    display.stop();
    await files?.close();
  }
  return printReport(report, args);
}

/** The request body: --body JSON, then --url, --image FILE (as image_b64) and every other --field value. */
function requestBody(args: Args): Record<string, unknown> {
  let body: Record<string, unknown> = {};
  if (args.options.body) {
    try {
      body = JSON.parse(args.options.body);
    } catch (err) {
      throw new UsageError(`--body is not JSON: ${(err as Error).message}`);
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new UsageError('--body must be a JSON object');
  }
  Object.assign(body, args.fields);
  if (args.options.image) {
    if (!fs.existsSync(args.options.image)) throw new UsageError(`--image ${args.options.image}: no such file`);
    body.image_b64 = fs.readFileSync(args.options.image).toString('base64');
  }
  return body;
}

function printReport(report: LocalRunReport, args: Args): number {
  const seconds = (report.ms / 1000).toFixed(1);
  if (args.flags.has('prompt-only')) {
    if (report.prompts.length === 0) {
      console.error(`vidint: no model call to preview in ${report.path}${report.error ? ` (the run stopped first: ${report.error})` : ''}`);
      return 1;
    }
    report.prompts.forEach((p, i) => console.log(formatPrompt(p, i + 1)));
    console.error(`prompt preview of ${report.path} in ${seconds} s: ${report.prompts.length} model call(s) rendered, none sent`);
    return 0;
  }
  const step = args.options.step;
  if (step && !(step in report.outputs)) {
    console.error(`vidint: step '${step}' has no output (${report.steps.map((s) => `${s.id}: ${s.state}`).join(', ') || 'no step ran'})`);
    return report.ok ? 2 : 1;
  }
  if (args.flags.has('json')) console.log(JSON.stringify(report, null, 2));
  else if (step) console.log(JSON.stringify(report.outputs[step], null, 2));
  else if (report.ok) console.log(JSON.stringify(report.result, null, 2));
  for (const w of report.warnings) console.error(`warning (${w.step}): ${w.message}`);
  if (report.ok) console.error(`${report.path} done in ${seconds} s`);
  else console.error(`vidint: ${report.path} failed after ${seconds} s: ${report.error}`);
  return report.ok ? 0 : 1;
}

/** One model call as text: each message with its images by file, then the result schema it was asked to follow. */
export function formatPrompt(p: RecordedPrompt, n: number): string {
  const lines = [`=== model call ${n}${p.steps.length ? ` (step ${p.steps.join(', ')})` : ''} ===`];
  p.messages.forEach((m, i) => {
    lines.push(`--- message ${i + 1}: ${m.role} ---`, m.text);
    for (const image of m.images) lines.push(`[image] ${image}${fileSize(image)}`);
  });
  lines.push('--- result schema (structured output, function "result") ---', JSON.stringify(p.schema, null, 2), '');
  return lines.join('\n');
}

function fileSize(file: string): string {
  try {
    return ` (${Math.round(fs.statSync(file).size / 1024)} KB)`;
  } catch {
    return ' (removed after the run: use --save DIR to keep it)';
  }
}
