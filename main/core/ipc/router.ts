import { z } from 'zod';
import {
  ipcContract,
  type IpcError,
  type IpcMethod,
  type IpcResponse,
  type IpcResult,
} from '../../../shared/ipc';
import { CodedFailure } from '../coded-failure';

/** Where a request came from, as the transport reports it. */
export interface IpcSender {
  /** URL of the frame that sent the request. */
  frameUrl: string;
  /** False when the request came from a subframe. */
  isMainFrame: boolean;
}

/** A handler receives a request already parsed by its schema. */
export type IpcHandlers = {
  [M in IpcMethod]: (
    request: z.infer<(typeof ipcContract)[M]['request']>,
  ) => Promise<IpcResponse<M>>;
};

export interface RouterOptions {
  handlers: IpcHandlers;
  isTrustedSender: (sender: IpcSender) => boolean;
  /**
   * The permission check (operators/permissions.ts): null lets the request through, else
   * the failure (`forbidden`, `locked`, …) is the answer and no handler runs.
   */
  authorize?: (method: IpcMethod) => CodedFailure | null;
  /** Called for failures that are bugs, never with the request payload (it may hold a card). */
  onInternalError?: (channel: string, error: unknown) => void;
}

export interface IpcRouter {
  readonly channels: readonly string[];
  dispatch(channel: unknown, payload: unknown, sender: IpcSender): Promise<IpcResult<unknown>>;
}

const failure = (error: IpcError): IpcResult<never> => ({ ok: false, error });

/** The one place a CodedFailure becomes what crosses the bridge: code and values, no words. */
const ipcError = ({ code, params, correlationId, existingPayment }: CodedFailure): IpcError => ({
  code,
  ...(params ? { params } : {}),
  correlationId,
  ...(existingPayment ? { existingPayment } : {}),
});

const methodByChannel = new Map<string, IpcMethod>(
  (Object.keys(ipcContract) as IpcMethod[]).map((m) => [ipcContract[m].channel, m]),
);

/**
 * The single way main answers IPC (DESIGN.md §2): checks the sender, parses the request with
 * the channel's schema, calls the handler, and returns a typed result; it never throws.
 * Electron's ipcMain and the Chromium test host both call `dispatch`.
 */
export function createIpcRouter(options: RouterOptions): IpcRouter {
  const { handlers, isTrustedSender, authorize, onInternalError } = options;
  return {
    channels: [...methodByChannel.keys()],
    async dispatch(channel, payload, sender) {
      const method = typeof channel === 'string' ? methodByChannel.get(channel) : undefined;
      if (!method) return failure({ code: 'unknown-channel' });
      if (!isTrustedSender(sender)) return failure({ code: 'untrusted-sender' });
      const parsed = ipcContract[method].request.safeParse(payload);
      if (!parsed.success) {
        const fields = parsed.error.issues.map((i) => i.path.join('.') || 'request');
        // The refused fields' names, never their values (they may hold a card): the renderer's
        // sentence places them, and a whole request refused reads as "request".
        return failure({
          code: 'invalid-request',
          params: { fields: [...new Set(fields)].slice(0, 5).join(', ') },
        });
      }
      const refusal = authorize?.(method);
      if (refusal) return failure(ipcError(refusal));
      try {
        const handler = handlers[method] as (request: unknown) => Promise<unknown>;
        // Responses are checked too: a handler that drifts from the contract is a bug we
        // want to see in tests, not a shape the renderer has to guess at.
        const value = ipcContract[method].response.parse(await handler(parsed.data));
        return { ok: true, value };
      } catch (error) {
        if (error instanceof CodedFailure) return failure(ipcError(error));
        onInternalError?.(channel as string, error);
        return failure({ code: 'internal' });
      }
    },
  };
}
