import { ConfigError, loadConfig } from '../app/load-config.js';
import { loadPipelines, PipelineLoadError } from '../pipelines/pipeline-loader.js';
import { sourceUrlOptions } from '../pipelines/source-url-keyword.js';
import { loadStepRegistry } from '../pipelines/step-registry.js';

/**
 * `npm run pipelines:check [dir]`: the start-up validation of every pipeline file, without starting
 * anything. Exit 0 and a summary when all are valid; exit 1 and every problem otherwise.
 */
try {
  const config = loadConfig();
  const pipelinesDir = process.argv[2] ?? config.pipelines.pipelinesDir;
  const pipelines = loadPipelines({
    pipelinesDir,
    schemasDir: config.pipelines.schemasDir,
    registry: await loadStepRegistry(config.pipelines.stepModules),
    sourceUrls: sourceUrlOptions(config.engines),
  });
  for (const p of pipelines) {
    console.log(`ok  POST ${p.path.padEnd(18)} $${p.priceUsd.padEnd(6)} ${p.status.padEnd(8)} ${p.steps.length} steps  (${p.file})`);
  }
  console.log(`${pipelines.length} pipelines valid`);
} catch (err) {
  if (err instanceof PipelineLoadError || err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
