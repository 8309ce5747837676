import type pg from 'pg';
import type { Logger } from '../ports';
import { storeChannel } from './push-batch';
import { ScramOnlyClient } from './scram-only-client';

export interface StoreListener {
  stop(): Promise<void>;
}

/**
 * LISTENs for other counters' commits on its own connection (a pooled one would lose the
 * subscription when returned) and calls `onChange` with the writing counter's id, so the
 * store History refreshes within about a second. A lost connection is re-opened after
 * `retryMs`; after a reconnect `onChange(null)` says "something may have been missed".
 */
export function listenToStore(options: {
  config: pg.ClientConfig;
  onChange: (counterId: string | null) => void;
  logger: Logger;
  retryMs?: number;
}): StoreListener {
  const retryMs = options.retryMs ?? 1_000;
  let stopped = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let connectedBefore = false;

  const reconnectLater = () => {
    client = null;
    if (!stopped && timer === null) {
      timer = setTimeout(() => {
        timer = null;
        void connect();
      }, retryMs);
    }
  };

  const connect = async () => {
    const next = new ScramOnlyClient(options.config);
    client = next;
    next.on('error', (error) => {
      options.logger.warn('store listener lost its connection', { error: error.message });
      void next.end().catch(() => undefined);
      if (client === next) reconnectLater();
    });
    next.on('notification', (message) => {
      if (message.channel === storeChannel) options.onChange(message.payload ?? null);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${storeChannel}`);
      if (stopped) await next.end();
      else if (connectedBefore) options.onChange(null);
      connectedBefore = true;
    } catch {
      void next.end().catch(() => undefined);
      if (client === next) reconnectLater();
    }
  };
  void connect();

  return {
    async stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}
