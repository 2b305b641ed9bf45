/** The routes this server answers, so an unknown method on a known path can be a 405 with `Allow`. */
export class RouteTable {
  private readonly routes: Array<{ pattern: RegExp; methods: Set<string> }> = [];

  add(method: string | string[], url: string): void {
    const pattern = new RegExp(`^${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]\w*/g, '[^/]+')}/?$`);
    let entry = this.routes.find((r) => r.pattern.source === pattern.source);
    if (!entry) this.routes.push((entry = { pattern, methods: new Set() }));
    for (const m of [method].flat()) entry.methods.add(m.toUpperCase());
  }

  /** The methods allowed on this URL path; empty when no route has the path. */
  allowed(urlPath: string): string[] {
    const methods = new Set<string>();
    for (const r of this.routes) if (r.pattern.test(urlPath)) r.methods.forEach((m) => methods.add(m));
    return [...methods].sort();
  }
}
