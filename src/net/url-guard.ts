import dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { blockedReason } from './address-guard.js';

/** A fetch refused for a reason the user should read (blocked address, bad URL, too many redirects). */
export class FetchRefused extends Error {}

/**
 * The DNS lookup of every guarded request: the addresses a name resolves to are checked before the
 * socket connects to one of them, so a name pointing at a private address (DNS rebinding included)
 * is refused at the address actually connected to.
 */
export function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as dns.LookupAddress[];
      for (const a of list) {
        const why = blockedReason(a.address, { allowLoopback });
        if (why) return callback(new FetchRefused(`${hostname} resolves to a blocked address (${a.address}: ${why})`), []);
      }
      if (options.all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

/** Refuses URLs that are not http(s), carry credentials, or name a blocked IP literal or localhost. */
export function checkUrl(raw: string, allowLoopback: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefused(`'${raw}' is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchRefused(`only http and https URLs can be fetched, not ${url.protocol}`);
  if (url.username || url.password) throw new FetchRefused('URLs with credentials are not fetched');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const why = blockedReason(host, { allowLoopback });
    if (why) throw new FetchRefused(`${host} is a blocked address (${why})`);
  } else if (host === 'localhost' || host.endsWith('.localhost')) {
    if (!allowLoopback) throw new FetchRefused(`${host} is a blocked address (loopback)`);
  }
  return url;
}
