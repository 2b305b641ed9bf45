import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';
import { CORS_OPTIONS } from '../http/cors.js';
import { NestPinoLogger } from '../logging/logger.js';
import { AppModule, type AppOptions, servingModules } from './app.module.js';
import type { AppConfig } from './app-config.js';

const CONNECTIONS_CHECK_MS = 1000;

/** A started process: the Nest application (HTTP, not yet listening) or, without HTTP, its context. */
export type VidintApp =
  | { http: NestFastifyApplication; context: INestApplicationContext }
  | { http: null; context: INestApplicationContext };

/**
 * Builds and initialises the modules `options` asks for (see AppModule). Start-up fails (rejects) on a bad
 * pipeline, a Redis that does not answer or a devnet chain that does not start.
 */
export async function createApp(config: AppConfig, logger: Logger, options: Pick<AppOptions, 'http' | 'workers'>): Promise<VidintApp> {
  // The devnet's code (local chains, LiteSVM, solc) is loaded only where it runs: about 36 MB and 2 s saved elsewhere.
  const devnet =
    options.http && config.payments.paymentMode === 'devnet' ? (await import('../devnet/devnet.module.js')).DevnetModule : null;
  const serving = options.http ? await servingModules() : null;
  // The steps' code and their engines (sharp, OpenCV, Human, tesseract, ...) load only where jobs run.
  const steps = options.workers ? (await import('../steps/steps.module.js')).StepsModule : null;
  const module = AppModule.forRoot({ config, logger, ...options, serving, steps, devnet });
  const nestOptions = { logger: new NestPinoLogger(logger), bufferLogs: false, abortOnError: false };
  if (!options.http) {
    const context = await NestFactory.createApplicationContext(module, nestOptions);
    return { http: null, context };
  }
  // requestTimeout bounds a body that never arrives (408, connection closed); Node checks it every second.
  // Node 20 only enforces it when given to the server's constructor, hence `http` too, not only Fastify's option.
  const requestTimeout = config.http.httpRequestTimeoutMs;
  const adapter = new FastifyAdapter({
    bodyLimit: config.http.bodyLimitBytes,
    trustProxy: false,
    // HttpDrain answers requests that arrive during shutdown itself (503 with Retry-After, the service's error shape).
    return503OnClosing: false,
    requestTimeout,
    http: { requestTimeout, connectionsCheckingInterval: CONNECTIONS_CHECK_MS },
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, nestOptions);
  app.enableCors(CORS_OPTIONS);
  await app.init();
  return { http: app, context: app };
}
