import { match, MatchFunction } from 'path-to-regexp';

interface ExpressLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

interface CompiledRoute {
  matches: MatchFunction<object>;
  methods: string[];
}

interface CompiledRoutes {
  /** Routes whose first two segments are literal, by those segments (`prefixOf`): the only ones a path can match. */
  byPrefix: Map<string, CompiledRoute[]>;
  /** The others, tried for every path. */
  elsewhere: CompiledRoute[];
}

const LITERAL_SEGMENT = /^[\w.~-]*$/;

/** `/api/projects/x/` → `api/projects`; `/api/` and `/api` → `api/` (routes match with or without the trailing slash, in any case). */
function prefixOf(segments: string[]): string {
  return `${segments[1] ?? ''}/${segments[2] ?? ''}`.toLowerCase();
}

/**
 * The methods each path answers, read from the Express router once routes are registered. It gives the
 * `Allow` header, answers OPTIONS and tells a wrong method (405) from an unknown path (404).
 */
export class RouteTable {
  private routes: CompiledRoutes | null = null;

  constructor(private readonly routerStack: () => ExpressLayer[]) {}

  allowedMethods(path: string): string[] {
    const methods = new Set<string>();
    const { byPrefix, elsewhere } = this.compiled();
    // Runs on every request: only the routes that can match are tried, not every route of the API.
    for (const routes of [byPrefix.get(prefixOf(path.split('/', 3))) ?? [], elsewhere]) {
      for (const route of routes) if (route.matches(path)) route.methods.forEach((method) => methods.add(method));
    }
    if (methods.size === 0) return [];
    if (methods.has('GET')) methods.add('HEAD');
    methods.add('OPTIONS');
    return ORDER.filter((method) => methods.has(method));
  }

  private compiled(): CompiledRoutes {
    if (this.routes) return this.routes;
    const routes: CompiledRoutes = { byPrefix: new Map(), elsewhere: [] };
    for (const layer of this.routerStack()) {
      // Middleware applied to every path are registered for every verb; they say nothing about the route.
      if (!layer.route || Object.keys(layer.route.methods).length > ORDER.length) continue;
      const methods = Object.keys(layer.route.methods)
        .filter((method) => method !== '_all')
        .map((method) => method.toUpperCase());
      for (const path of ([] as string[]).concat(layer.route.path)) {
        const route = { matches: match(path, { decode: false, trailing: true }), methods };
        const segments = path.split('/', 3);
        if (!segments.every((segment) => LITERAL_SEGMENT.test(segment))) routes.elsewhere.push(route);
        else routes.byPrefix.set(prefixOf(segments), [...(routes.byPrefix.get(prefixOf(segments)) ?? []), route]);
      }
    }
    this.routes = routes;
    return routes;
  }
}

const ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
