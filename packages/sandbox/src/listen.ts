import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';

type ServeOptions = Parameters<typeof serve>[0];

export interface RunningServer {
  /** Base URL including `/v1`, e.g. `http://127.0.0.1:41234/v1`. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Serves a fetch handler on a loopback port (0: a free one): the sandbox, the proxy and the replay. */
export async function listenFetch(
  // @hono/node-server also passes the Node request as `env` (the sandbox's `drop` fault destroys
  // its socket). Typed `never` here so that the declarations name none of its types, which need
  // the DOM library (the sandbox's types stand alone).
  handler: (request: Request, env: never) => Response | Promise<Response>,
  options: { port?: number; host?: string } = {},
): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const server: ServerType = await new Promise((resolve, reject) => {
    const started = serve(
      { fetch: handler as ServeOptions['fetch'], hostname: host, port: options.port ?? 0 },
      () => {
        started.off('error', reject);
        resolve(started);
      },
    );
    // A taken port or an unknown host: rejected here rather than crashing the process.
    started.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/v1`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Idle keep-alive sockets would hold close() open.
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The sandbox's one error shape, for answers the proxy and the replay make themselves. */
export function errorResponse(
  status: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ error: { code: status, message } }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}
