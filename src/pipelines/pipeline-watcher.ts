import fs from 'node:fs';
import path from 'node:path';
import { type FSWatcher, watch } from 'chokidar';
import type { Logger } from 'pino';
import { replaceCached, schemasChanged } from '../steps/shared/file-caches.js';
import type { Pipeline } from './pipeline.types.js';
import { type LoaderOptions, loadPipelines, PipelineLoadError } from './pipeline-loader.js';
import type { PipelineRegistry } from './pipeline-registry.js';
import type { PipelinesConfig } from './pipelines.config.js';

/** Edits come in bursts (several files saved at once): one reload per burst. */
const DEBOUNCE_MS = 50;

/**
 * How often the pipelines folder's listing is compared with the one last loaded: a change whose event was lost
 * (a removal while the event loop was busy) is applied within this.
 */
const RECONCILE_MS = 1000;

/**
 * chokidar's handling of editors' saves: a file replaced by a rename (an atomic save) is one change, not a removal
 * and an addition; a file is read once it has stopped growing, never half-written.
 */
const WATCH_OPTIONS = {
  ignoreInitial: true,
  persistent: false,
  atomic: true,
  awaitWriteFinish: { stabilityThreshold: 100, pollInterval: 25 },
};

/**
 * Hot reload (WATCH=true): watches the pipelines, schemas, prompts and knowledge folders. A changed pipeline or
 * schema reloads and re-validates every pipeline and swaps the set into the registry; a changed template or
 * knowledge file is checked and replaces its cached version. A broken file changes nothing and is logged with
 * the file and the reason. Route paths are fixed at start-up (Fastify cannot add routes to a listening server):
 * a pipeline with a new path is left out, with a log line saying a restart serves it.
 */
export class PipelineWatcher {
  private readonly watchers: FSWatcher[] = [];
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly servedPaths: Set<string>;
  /** The pipelines folder as it was when last loaded: its pipeline files' names, sizes and modification times. */
  private loadedListing = '';
  private reconciler: NodeJS.Timeout | null = null;

  constructor(
    private readonly registry: PipelineRegistry,
    private readonly loader: LoaderOptions,
    private readonly config: PipelinesConfig,
    private readonly logger: Logger,
  ) {
    this.servedPaths = new Set(registry.all().map((p) => p.path));
  }

  /** Resolves once every folder is watched (edits from then on are seen). */
  async start(): Promise<void> {
    // The files as they are now are the versions a broken edit falls back to.
    for (const file of filesIn(this.config.promptsDir, /\.hbs$/)) this.reloadFile(file, 'template', true);
    for (const file of filesIn(this.config.knowledgeDir, /\.ya?ml$/)) this.reloadFile(file, 'knowledge', true);
    this.loadedListing = pipelineListing(this.config.pipelinesDir);
    this.watch(this.config.pipelinesDir, { recursive: false, perFile: false }, () => this.reloadPipelines());
    this.reconciler = setInterval(() => this.reconcilePipelines(), RECONCILE_MS).unref();
    this.watch(this.config.schemasDir, { recursive: true, perFile: true }, (file) => file.endsWith('.json') && this.reloadSchema(file));
    this.watch(this.config.promptsDir, { recursive: false, perFile: true }, (file) => file.endsWith('.hbs') && this.reloadTemplate(file));
    this.watch(
      this.config.knowledgeDir,
      { recursive: false, perFile: true },
      (file) => /\.ya?ml$/.test(file) && this.reloadKnowledge(file),
    );
    await Promise.all(this.watchers.map((w) => new Promise<void>((resolve) => w.once('ready', () => resolve()))));
    this.logger.info(
      { folders: [this.config.pipelinesDir, this.config.schemasDir, this.config.promptsDir, this.config.knowledgeDir] },
      'watching for edits (WATCH=true)',
    );
  }

  async close(): Promise<void> {
    if (this.reconciler) clearInterval(this.reconciler);
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    await Promise.all(this.watchers.map((w) => w.close()));
  }

  /** `perFile`: a burst is debounced per file (templates, knowledge), else per folder (any edit reloads all pipelines). */
  private watch(dir: string, opts: { recursive: boolean; perFile: boolean }, onChange: (file: string) => unknown): void {
    if (!fs.existsSync(dir)) return;
    const watcher = watch(dir, { ...WATCH_OPTIONS, ...(opts.recursive ? {} : { depth: 0 }) });
    watcher.on('all', (event, file) => {
      if (event !== 'add' && event !== 'change' && event !== 'unlink') return;
      const key = opts.perFile ? file : dir;
      clearTimeout(this.timers.get(key));
      const fire = () => {
        this.timers.delete(key);
        onChange(file);
      };
      this.timers.set(key, setTimeout(fire, DEBOUNCE_MS));
    });
    watcher.on('error', (err) => this.logger.warn({ folder: dir, err: (err as Error).message }, 'cannot watch folder'));
    this.watchers.push(watcher);
  }

  /** Reloads the pipelines when their folder differs from what was last loaded, whether or not an event said so. */
  private reconcilePipelines(): void {
    if (this.timers.has(this.config.pipelinesDir)) return; // an event's reload is due anyway
    if (pipelineListing(this.config.pipelinesDir) !== this.loadedListing) this.reloadPipelines();
  }

  /** Reloads every pipeline: all valid (true), or the previous set stays (false). */
  reloadPipelines(): boolean {
    this.loadedListing = pipelineListing(this.config.pipelinesDir);
    let loaded: Pipeline[];
    try {
      loaded = loadPipelines(this.loader);
    } catch (err) {
      const problems = err instanceof PipelineLoadError ? err.problems : [(err as Error).message];
      for (const problem of problems) {
        const file = /^([^:]+):/.exec(problem)?.[1] ?? null;
        this.logger.error({ file, problem }, 'pipeline edit refused: the previous version stays');
      }
      return false;
    }
    const kept = loaded.filter((p) => this.servedPaths.has(p.path));
    for (const p of loaded) {
      if (!this.servedPaths.has(p.path))
        this.logger.warn({ file: p.file, path: p.path }, 'new route path: restart the service to serve it');
    }
    this.registry.replace(kept);
    this.logger.info({ pipelines: kept.map((p) => p.path) }, 'pipelines reloaded');
    return true;
  }

  /**
   * A schema is read by pipelines (`$ref`) and by prompt steps (their result schema): unreadable JSON changes
   * neither; else the pipelines reload and, when they all still validate, prompt steps forget their compiled schemas.
   */
  private reloadSchema(file: string): void {
    if (fs.existsSync(file)) {
      try {
        JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch (err) {
        this.logger.error(
          { file, kind: 'schema', problem: oneLine((err as Error).message) },
          'schema edit refused: the previous version stays',
        );
        return;
      }
    }
    if (this.reloadPipelines()) schemasChanged();
  }

  private reloadTemplate(file: string): void {
    this.reloadFile(file, 'template');
  }

  private reloadKnowledge(file: string): void {
    this.reloadFile(file, 'knowledge');
  }

  /** `initial`: read at start-up (logged only when refused). */
  private reloadFile(file: string, cache: 'template' | 'knowledge', initial = false): void {
    const kind = cache === 'template' ? 'prompt template' : 'knowledge file';
    let text: string | null;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      text = null; // deleted (or renamed away)
    }
    try {
      replaceCached(cache, file, text);
      if (!initial) this.logger.info({ file, kind }, text === null ? `${kind} removed` : `${kind} reloaded`);
    } catch (err) {
      this.logger.error({ file, kind, problem: oneLine((err as Error).message) }, `${kind} edit refused: the previous version stays`);
    }
  }
}

/** The pipeline files of `dir` with their sizes and modification times, as one string to compare. */
function pipelineListing(dir: string): string {
  return filesIn(dir, /\.ya?ml$/)
    .map((file) => {
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      return stat ? `${file}:${stat.size}:${stat.mtimeMs}` : '';
    })
    .sort()
    .join('\n');
}

function filesIn(dir: string, name: RegExp): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => name.test(f))
    .map((f) => path.join(dir, f));
}

/** Parser messages span lines (a caret under the error): one log field keeps them whole, on one line. */
function oneLine(message: string): string {
  return message.replace(/\s*\n\s*/g, ' ').slice(0, 500);
}
