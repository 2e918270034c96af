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
 */
export function fairTurns(app: FastifyInstance, perTurn = 8): void {
  const answered = new WeakSet<Socket>();
  const queue: (() => void)[] = [];
  let scheduled = false;
  const turn = () => {
    scheduled = false;
    for (let i = 0; i < perTurn && queue.length > 0; i++) queue.shift()!();
    if (queue.length > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(turn);
  };
  app.addHook('onRequest', (request, _reply, done) => {
    const socket = request.raw.socket as Socket | undefined;
    if (!socket || !answered.has(socket)) {
      if (socket) answered.add(socket);
      done();
      return;
    }
    queue.push(done);
    schedule();
  });
}
