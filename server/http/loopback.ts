/**
 * Whether a request comes straight from this machine: the socket's peer is a
 * loopback address and no proxy header says it was forwarded (behind a
 * reverse proxy on the same machine every request arrives from loopback, so
 * a forwarded request never counts). Used by the test switch's endpoints.
 */
import type { FastifyRequest } from 'fastify';

const forwardingHeaders = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'via'];

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

export function isDirectLoopbackRequest(request: FastifyRequest): boolean {
  if (forwardingHeaders.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopbackAddress(request.socket.remoteAddress);
}
