import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Fair turns between connections. On SQLite every query runs on the thread that answers
 * requests, so a request is a few milliseconds of synchronous work; with hundreds of busy
 * keep-alive clients one turn of the event loop ran every request that had arrived, and a new
 * connection, accepted in one turn and read in the next, waited several whole rounds (4–10 s
 * at 200 clients). Here the first request of a connection goes straight on, while the later
 * requests of a connection wait in one queue from which at most `perTurn` start per turn of
 * the event loop (setImmediate), so each turn stays short and new connections are accepted
 * and answered between them. Requests are only reordered, never refused; throughput is the
 * same. `app.inject` requests each come on a socket of their own, so they never wait.
 *
 * On PostgreSQL the thread is rarely the limit but the pool is: every request in flight
 * queues its queries for one of a few connections, first come first served, so with 200
 * busy clients a newcomer's queries waited behind some 200 others, one query after another
 * (1.2 s for the slowest newcomer at 100,000 orders). `maxInFlight` bounds how many requests
 * run at once; the rest wait here without holding a place in the pool's queue, the first
 * requests of connections ahead of the later ones, so a newcomer waits for at most the
 * requests running and the newcomers before it.
 */
export function fairTurns(
  app: FastifyInstance,
  options: { perTurn?: number; maxInFlight?: number } = {},
): void {
  const perTurn = options.perTurn ?? 8;
  const maxInFlight = options.maxInFlight ?? Number.POSITIVE_INFINITY;
  const answered = new WeakSet<Socket>();
  type Waiting = { done: () => void; started: boolean; closed: boolean };
  /** First requests of connections (only when `maxInFlight` are running), then the rest. */
  const firsts: Waiting[] = [];
  const later: Waiting[] = [];
  let running = 0;
  let scheduled = false;
  const waiting = () => firsts.length + later.length;
  const start = (entry: Waiting) => {
    // A request whose client went away while it waited is not counted: its 'close' is past.
    if (!entry.closed) {
      entry.started = true;
      running++;
    }
    entry.done();
  };
  const turn = () => {
    scheduled = false;
    for (let i = 0; i < perTurn && waiting() > 0 && running < maxInFlight; i++)
      start((firsts.length > 0 ? firsts : later).shift()!);
    if (waiting() > 0 && running < maxInFlight) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(turn);
  };
  app.addHook('onRequest', (request, reply, done) => {
    const socket = request.raw.socket as Socket | undefined;
    const entry: Waiting = { done, started: false, closed: false };
    // 'close' comes once the answer is sent, or when the client went away.
    reply.raw.once('close', () => {
      entry.closed = true;
      if (!entry.started) return;
      running--;
      if (waiting() > 0) schedule();
    });
    if (!socket || !answered.has(socket)) {
      if (socket) answered.add(socket);
      if (running < maxInFlight) start(entry);
      else {
        firsts.push(entry);
        schedule();
      }
      return;
    }
    later.push(entry);
    schedule();
  });
}
