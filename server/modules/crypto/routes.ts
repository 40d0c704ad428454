import type { FastifyInstance } from 'fastify';
import { publicKeyEndpoint } from '../../../contract/sealed.ts';
import { registerEndpoint } from '../../http/endpoint-route.ts';
import type { KeyStore } from './key-store.ts';

export function registerCryptoRoutes(app: FastifyInstance, keys: KeyStore): void {
  registerEndpoint(app, publicKeyEndpoint, () => keys.current());
}
