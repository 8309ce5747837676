import type { ConnectionPool } from '../gateway/connection-pool';

/**
 * Keeps a connection to the gateway open while the operator types the card: servers close
 * idle keep-alive sockets (Node's default after 5 s), and a cold connection would put the
 * handshake back in front of the operator's Enter. Checks cheaply (no request while a socket
 * is open) and stops after a window, so an abandoned sale screen costs nothing.
 */
export function createKeepWarm(
  pool: ConnectionPool,
  now: () => number,
  options: { checkMs: number; windowMs: number },
) {
  let timer: NodeJS.Timeout | null = null;
  let origin = '';
  let until = 0;
  let warming = false;

  const stop = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };

  const check = () => {
    if (now() > until) return stop();
    if (warming) return;
    warming = true;
    void pool.warm(origin).finally(() => (warming = false));
  };

  return {
    start(target: string) {
      origin = target;
      until = now() + options.windowMs;
      if (!timer) {
        timer = setInterval(check, options.checkMs);
        timer.unref();
      }
    },
    stop,
  };
}
