import http from 'node:http';

export interface PlacesServer {
  /** Base URL to configure as PLACES_API_URL, ending in /v1. */
  url: string;
  /** Requests received: path, API key, field mask, JSON body. */
  requests: Array<{ path: string; key: string | undefined; fieldMask: string; body: any }>;
  close(): Promise<void>;
}

/**
 * A local server speaking Google's Places API (New) for the calls the service makes: place details
 * (GET /v1/places/{id}), text search (POST /v1/places:searchText) and photo media with
 * skipHttpRedirect (GET /v1/{photo}/media). Errors follow Google's shape; the key is checked.
 */
export async function startPlacesServer(apiKey: string, places: any[], photoUri: (photoName: string) => string): Promise<PlacesServer> {
  const requests: PlacesServer['requests'] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://x');
    const key = req.headers['x-goog-api-key'] as string | undefined;
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : null;
    requests.push({ path: url.pathname, key, fieldMask: String(req.headers['x-goog-fieldmask'] ?? ''), body });
    const send = (status: number, data: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(data));
    const error = (code: number, status: string, message: string) => send(code, { error: { code, message, status } });
    if (key !== apiKey) return error(403, 'PERMISSION_DENIED', 'API key not valid. Please pass a valid API key.');

    const media = /^\/v1\/(places\/[^/]+\/photos\/[^/]+)\/media$/.exec(url.pathname);
    if (media && url.searchParams.get('skipHttpRedirect') === 'true')
      return send(200, { name: `${media[1]}/media`, photoUri: photoUri(media[1]) });
    if (req.method === 'POST' && url.pathname === '/v1/places:searchText') {
      const text = String(body?.textQuery ?? '').toLowerCase();
      return send(200, { places: places.filter((p) => text.includes(p.displayName.text.toLowerCase())).slice(0, body?.pageSize ?? 20) });
    }
    const details = /^\/v1\/places\/([^/:]+)$/.exec(url.pathname);
    if (req.method === 'GET' && details) {
      const place = places.find((p) => p.id === decodeURIComponent(details[1]));
      return place ? send(200, place) : error(404, 'NOT_FOUND', `Requested entity was not found.`);
    }
    error(404, 'NOT_FOUND', `no route ${req.method} ${url.pathname}`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
