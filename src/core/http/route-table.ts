import { match, MatchFunction } from 'path-to-regexp';

interface ExpressLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

interface CompiledRoute {
  matches: MatchFunction<object>;
  methods: string[];
}

/**
 * The methods each path answers, read from the Express router once routes are registered. It gives the
 * `Allow` header, answers OPTIONS and tells a wrong method (405) from an unknown path (404).
 */
export class RouteTable {
  private routes: CompiledRoute[] | null = null;

  constructor(private readonly routerStack: () => ExpressLayer[]) {}

  allowedMethods(path: string): string[] {
    const methods = new Set<string>();
    for (const route of this.compiled()) {
      if (route.matches(path)) route.methods.forEach((method) => methods.add(method));
    }
    if (methods.size === 0) return [];
    if (methods.has('GET')) methods.add('HEAD');
    methods.add('OPTIONS');
    return ORDER.filter((method) => methods.has(method));
  }

  private compiled(): CompiledRoute[] {
    if (this.routes) return this.routes;
    const routes: CompiledRoute[] = [];
    for (const layer of this.routerStack()) {
      // Middleware applied to every path are registered for every verb; they say nothing about the route.
      if (!layer.route || Object.keys(layer.route.methods).length > ORDER.length) continue;
      const methods = Object.keys(layer.route.methods)
        .filter((method) => method !== '_all')
        .map((method) => method.toUpperCase());
      for (const path of ([] as string[]).concat(layer.route.path)) {
        routes.push({ matches: match(path, { decode: false, trailing: true }), methods });
      }
    }
    this.routes = routes;
    return routes;
  }
}

const ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
