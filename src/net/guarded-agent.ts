import { isIP } from 'node:net';
import './node-fetch-first.js';
import { Agent, buildConnector, type Dispatcher } from 'undici';

// The guarded client's modules reach undici only through here, so Node's client always loads first.
export { request } from 'undici';

import { blockedReason } from './address-guard.js';
import { noPauseAtClose } from './no-pause-at-close.js';
import { FetchRefused, guardedLookup } from './url-guard.js';

/**
 * undici's connector behind the address guard: a name is resolved by the guarded lookup (every address checked
 * before the socket connects), and an IP literal, which no lookup sees, is checked here.
 */
export function guardedConnector(allowLoopback: boolean): buildConnector.connector {
  const connect = buildConnector({ lookup: guardedLookup(allowLoopback) });
  return (options, callback) => {
    const why = isIP(options.hostname) ? blockedReason(options.hostname, { allowLoopback }) : null;
    if (why) return callback(new FetchRefused(`${options.hostname} is a blocked address (${why})`), null);
    return connect(options, callback);
  };
}

const agents = new Map<boolean, Dispatcher>();

/**
 * The undici Agent (connection pools) every guarded request goes through, one per loopback setting; a response that
 * ends with its connection never pauses the parser (no-pause-at-close.ts).
 */
export function guardedAgent(allowLoopback: boolean): Dispatcher {
  let agent = agents.get(allowLoopback);
  if (!agent) {
    agent = new Agent({ connect: guardedConnector(allowLoopback) }).compose(noPauseAtClose);
    agents.set(allowLoopback, agent);
  }
  return agent;
}
