import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Graceful close: stop accepting, then answer every request already received.
 *
 * - Connections the kernel has completed but Node has not accepted yet sit in the listen
 *   backlog, and closing the listening socket resets them; so the close first lets the backlog
 *   drain, going on once `quietTicks` timer ticks in a row saw no new connection (at most
 *   `drainMs`). Ticks, not wall time: on a busy server one long synchronous task can outlast
 *   any quiet period, and the timer that ends the wait runs before the accepts that queued
 *   meanwhile.
 * - Node's server.close() destroys every connection with no request in progress *yet*, which
 *   includes a fresh connection whose request is still unread in its buffer. Here a sweep
 *   every `idleSweepMs` closes only connections that have been answered and are idle
 *   (keep-alive clients); a connection that has not sent a whole request yet gets
 *   `unservedGraceMs` to do so. Requests that arrive meanwhile are answered (with
 *   `Connection: close`, which Fastify sets while closing) instead of a 503.
 * - After `deadlineMs` whatever is left is cut.
 */
export function drainOnClose(
  app: FastifyInstance,
  options: {
    quietTicks?: number;
    drainMs?: number;
    idleSweepMs?: number;
    unservedGraceMs?: number;
    deadlineMs?: number;
  } = {},
): void {
  const quietTicks = options.quietTicks ?? 25;
  const drainMs = options.drainMs ?? 5_000;
  const idleSweepMs = options.idleSweepMs ?? 1_000;
  const unservedGraceMs = options.unservedGraceMs ?? 5_000;
  const deadlineMs = options.deadlineMs ?? 30_000;
  const timers: NodeJS.Timeout[] = [];

  // Every open connection, whether it has been answered, and how many requests it has in flight.
  const sockets = new Set<Socket>();
  const served = new WeakSet<Socket>();
  const inFlight = new Map<Socket, number>();
  const server = app.server;
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      inFlight.delete(socket);
    });
  });
  server.on('request', (request, response) => {
    const socket = request.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    response.once('close', () => {
      served.add(socket);
      const left = (inFlight.get(socket) ?? 1) - 1;
      if (left > 0) inFlight.set(socket, left);
      else inFlight.delete(socket);
    });
  });

  app.addHook('preClose', async () => {
    if (server.listening) {
      let quiet = 0;
      const seen = () => {
        quiet = 0;
      };
      server.on('connection', seen);
      const until = Date.now() + drainMs;
      while (quiet < quietTicks && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        quiet++;
      }
      server.off('connection', seen);
    }
    // server.close() (after this hook) would destroy fresh connections: the sweep does it.
    server.closeIdleConnections = () => {};
    const closing = Date.now();
    const sweep = () => {
      const late = Date.now() - closing >= unservedGraceMs;
      for (const socket of sockets) {
        if (inFlight.has(socket)) continue;
        if (served.has(socket) || late) socket.destroy();
      }
    };
    timers.push(
      setInterval(sweep, idleSweepMs).unref(),
      setTimeout(() => server.closeAllConnections(), deadlineMs).unref(),
    );
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
  });
}
