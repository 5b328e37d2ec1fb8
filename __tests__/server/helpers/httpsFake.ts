import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import { createServer, request, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';

/** A certificate for 127.0.0.1, made by openssl for this run (valid a day). */
function selfSignedCertificate() {
  const dir = mkdtempSync(join(tmpdir(), 'baton-tls-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1']
        .concat(['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-subj', '/CN=127.0.0.1'])
        .concat(['-addext', 'subjectAltName=IP:127.0.0.1']),
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface HttpsFake {
  origin: string;
  /** A fetch that trusts this fake's certificate (and no other), as the platform's fetch trusts public CAs. */
  fetch: typeof fetch;
  close(): Promise<void>;
}

/** An HTTPS server on 127.0.0.1 with its own certificate, standing in for a host on the internet. */
export async function startHttpsFake(handler: RequestListener): Promise<HttpsFake> {
  const { key, cert } = selfSignedCertificate();
  const server: Server = createServer({ key, cert }, handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const trustingFetch = (input: RequestInfo | URL, init: RequestInit = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input instanceof Request ? input.url : input);
      const outgoing = request(
        url,
        {
          method: init.method ?? 'GET',
          headers: Object.fromEntries(new Headers(init.headers)),
          ca: cert,
          signal: init.signal ?? undefined,
        },
        (response) => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
          }
          resolve(new Response(Readable.toWeb(response) as ReadableStream, { status: response.statusCode, headers }));
        },
      );
      outgoing.on('error', reject);
      outgoing.end();
    });
  return {
    origin,
    fetch: trustingFetch as typeof fetch,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
