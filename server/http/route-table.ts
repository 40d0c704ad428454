/**
 * The routes a Fastify instance serves, whoever registered them (endpoints,
 * the OpenAPI document, static files of encapsulated plugins), collected with
 * an onRoute hook. Install it right after creating the instance, before any
 * plugin or route; route-enumerating tests (the API fuzz suite) read it.
 */
import type { FastifyInstance } from 'fastify';

export interface RouteTableEntry {
  method: string;
  url: string;
  /** The route's `config.merchant` (false: no Merchant header needed). */
  merchant: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the instance (see server/http/route-table.ts). */
    routeTable: RouteTableEntry[];
  }
}

export function installRouteTable(app: FastifyInstance): void {
  const routeTable: RouteTableEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const merchant = (route.config as { merchant?: boolean } | undefined)?.merchant !== false;
    for (const method of methods) routeTable.push({ method, url: route.url, merchant });
  });
}
