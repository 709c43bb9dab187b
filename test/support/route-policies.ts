import { INestApplication, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { ACCESS_POLICY, AccessPolicy } from '../../src/auth/policy/policy.decorators';

export interface RoutePolicy {
  route: string;
  policy: AccessPolicy | undefined;
}

/** Every HTTP handler of the app with the policy it declares (undefined when it declares none). */
export function collectRoutePolicies(app: INestApplication): RoutePolicy[] {
  const reflector = app.get(Reflector);
  const scanner = new MetadataScanner();
  const routes: RoutePolicy[] = [];
  const controllers = [...app.get(ModulesContainer).values()].flatMap((module) => [...module.controllers.values()]);
  for (const wrapper of controllers) {
    const instance = wrapper.instance as Record<string, unknown> | undefined;
    if (!instance) continue;
    const controller = wrapper.metatype as new () => unknown;
    const prefix = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    const prototype = Object.getPrototypeOf(instance) as object;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = (prototype as Record<string, unknown>)[name] as () => unknown;
      const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
      if (path === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const fullPath = `/${[prefix, path].map((part) => part.replace(/^\/|\/$/g, '')).filter(Boolean).join('/')}/`;
      routes.push({ route: `${method} ${fullPath}`, policy: reflector.getAllAndOverride<AccessPolicy>(ACCESS_POLICY, [handler, controller]) });
    }
  }
  return routes.sort((a, b) => a.route.localeCompare(b.route));
}
