/*
 * A raw HTTP server on 127.0.0.1 (port 0) that can really misbehave: stall before or after the
 * headers, reset the TCP connection before the headers or in the middle of a body, send a body
 * shorter than its JSON, and count every request it received. Built on node:http and node:net
 * so the SDK's real fetch (undici) meets real sockets, not a stub.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface ReceivedRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  /** 1-based number of this request on the server. */
  n: number;
  body: string;
}

export type Handler = (exchange: Exchange) => void;

export interface FaultServer {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/** Starts a server that gives every request (its body read) to `handler`. */
export async function startFaultServer(handler: Handler): Promise<FaultServer> {
  const sockets = new Set<Socket>();
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler({ req, res, n: received.length, body });
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * An origin where nothing listens, so connecting is refused. A port just freed is not: a server
 * of a concurrent row may take it with listen(0). Port 2 is below the ephemeral range (no
 * listen(0) gets it), needs root to bind, and is not on fetch's list of blocked ports.
 */
export async function closedPortOrigin(): Promise<string> {
  const origin = 'http://127.0.0.1:2';
  const refused = await new Promise<boolean>((resolve) => {
    const socket = connect(2, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
  if (!refused) throw new Error(`${origin} does not refuse connections on this machine`);
  return origin;
}

/** A complete answer. */
export function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

/** Resets the connection (TCP RST) without answering. */
export function resetNow(res: ServerResponse): void {
  res.socket?.resetAndDestroy();
}

/** Sends the headers and the first part of a body announced longer, then `then` (stall or reset). */
export function partialBody(
  res: ServerResponse,
  status: number,
  body: unknown,
  then: 'stall' | 'reset',
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.write(text.slice(0, Math.floor(text.length / 2)));
  // Flush the part, then reset once the client has it.
  if (then === 'reset') setTimeout(() => res.socket?.resetAndDestroy(), 30);
}
