/**
 * Every browser test acts from a client address of its own: the server
 * counts failed logins (then asks that address for a captcha), trial
 * accounts, SMS codes and requests per client address, so a shared address
 * would carry one test's counts into another's. The e2e server trusts its
 * loopback proxy (playwright.config.ts TRUST_PROXY), so the address is sent as
 * X-Forwarded-For: by the pages (the `test` of support.ts sets it on every
 * context it makes) and by the Node clients of the support modules.
 */
import { test } from '@playwright/test';

export const clientHeaders = (address: string) => ({ 'x-forwarded-for': address });

let issued = 0;
/**
 * An address no other test of the run uses: 10.<worker>.<n>: each worker
 * process (a new one after a failure too) counts its own.
 */
export function freshClientAddress(): string {
  const worker = test.info().workerIndex % 256;
  const n = issued++;
  return `10.${worker}.${Math.floor(n / 254) % 256}.${(n % 254) + 1}`;
}

const byTest = new Map<string, string>();
/** The address the running test acts from (the same for the whole test, a new one for a retry or a repeat). */
export function clientAddress(): string {
  const info = test.info();
  const key = `${info.testId}:${info.repeatEachIndex}:${info.retry}`;
  let address = byTest.get(key);
  if (!address) {
    address = freshClientAddress();
    byTest.set(key, address);
  }
  return address;
}

/** A fetch from the running test's address (or the one given). */
export function fetchFrom(address: string = clientAddress()): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(clientHeaders(address))) headers.set(name, value);
    return fetch(input, { ...init, headers });
  };
}
