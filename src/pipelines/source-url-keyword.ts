import type { Ajv, SchemaValidateFunction } from 'ajv';
import type { EnginesConfig } from '../engines/engines.config.js';
import { checkUrl } from '../net/safe-fetch.js';
import { devnetSampleName } from '../sources/devnet-samples.js';
import { readMapUrl } from '../sources/map-urls.js';

/** What the `x-source-url` keyword needs from config: the same loopback switch and map hosts the steps use. */
export interface SourceUrlOptions {
  /** FETCH_ALLOW_LOOPBACK: loopback literals pass (tests serve media on 127.0.0.1). */
  allowLoopback: boolean;
  /** MAP_SERVICE_HOSTS: self-hosted map front-ends accepted as map URLs. */
  extraMapHosts: string[];
  /** Devnet mode: the service's own sample media are accepted, whatever host names the service. */
  devnetSamples?: boolean;
}

/** The request-time URL checks follow the same settings as the fetching steps. */
export function sourceUrlOptions(engines: Pick<EnginesConfig, 'media' | 'maps'>): SourceUrlOptions {
  return { allowLoopback: engines.media.allowLoopback, extraMapHosts: engines.maps.extraHosts, devnetSamples: engines.media.devnetSamples };
}

export const SOURCE_URL_KEYWORD = 'x-source-url';

/**
 * The `x-source-url` keyword on a request field: a URL the service will fetch. `true` refuses what is
 * wrong on its face (not http/https, user credentials, an IP literal or localhost in a blocked range);
 * `"map"` also needs a map-service place URL. Request validation runs before the 402, so these are a
 * free 400 that says why. `fetchedSources` (fetched-sources.ts) lists the fields that carry it.
 */
export function addSourceUrlKeyword(ajv: Ajv, opts: SourceUrlOptions): void {
  ajv.addKeyword({
    keyword: SOURCE_URL_KEYWORD,
    type: 'string',
    schemaType: ['boolean', 'string'],
    errors: true,
    validate: function check(this: unknown, kind: boolean | 'map', data: string) {
      const fail = (message: string) => {
        (check as SchemaValidateFunction).errors = [{ keyword: SOURCE_URL_KEYWORD, message, params: {} }];
        return false;
      };
      if (kind === false) return true;
      if (opts.devnetSamples && kind !== 'map' && devnetSampleName(data)) return true; // read from samples/, never fetched
      try {
        checkUrl(data, opts.allowLoopback);
      } catch (err) {
        return fail(`is refused: ${(err as Error).message}`);
      }
      if (kind === 'map' && !readMapUrl(data, opts.extraMapHosts)) {
        return fail('is not a map-service place URL (Google Maps, Apple Maps, Bing, OpenStreetMap, ... or a short link to one)');
      }
      return true;
    },
  });
}
