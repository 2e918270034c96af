import type { ServerResponse } from 'node:http';
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
 * (1.2 s for the slowest newcomer at 100,000 orders). `maxInFlight` bounds how many later
 * requests of keep-alive connections run at once; the rest wait in the queue without holding
 * a place in the pool's, and a newcomer's first request still goes straight on.
 */
export function fairTurns(
  app: FastifyInstance,
  options: { perTurn?: number; maxInFlight?: number } = {},
): void {
  const perTurn = options.perTurn ?? 8;
  const maxInFlight = options.maxInFlight ?? Number.POSITIVE_INFINITY;
  const answered = new WeakSet<Socket>();
  const queue: { done: () => void; raw: ServerResponse }[] = [];
  let running = 0;
  let scheduled = false;
  const start = (entry: { done: () => void; raw: ServerResponse }) => {
    running++;
    // 'close' comes once the answer is sent, or when the client went away.
    entry.raw.once('close', () => {
      running--;
      if (queue.length > 0) schedule();
    });
    entry.done();
  };
  const turn = () => {
    scheduled = false;
    for (let i = 0; i < perTurn && queue.length > 0 && running < maxInFlight; i++)
      start(queue.shift()!);
    if (queue.length > 0 && running < maxInFlight) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(turn);
  };
  app.addHook('onRequest', (request, reply, done) => {
    const socket = request.raw.socket as Socket | undefined;
    if (!socket || !answered.has(socket)) {
      if (socket) answered.add(socket);
      done();
      return;
    }
    queue.push({ done, raw: reply.raw });
    schedule();
  });
}
