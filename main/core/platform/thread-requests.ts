import type { MessagePort } from 'node:worker_threads';
import { z } from 'zod';
import { CodedFailure } from '../coded-failure';

/**
 * The request and answer plumbing the main process shares with its worker threads (the
 * journal reader, the store thread): every request carries an id, and is answered once with
 * its value or its failure under that id. Each protocol adds its own requests and messages
 * (progress, status); both sides parse what they receive, as at any boundary.
 */

export const valueReplySchema = z.object({
  kind: z.literal('value'),
  id: z.number().int(),
  value: z.unknown(),
});

export const failureReplySchema = z.object({
  kind: z.literal('failure'),
  id: z.number().int(),
  /** A code the operator may see (an CodedFailure's, store-unreachable…); null for a bug. */
  code: z.string().nullable(),
  message: z.string(),
});

export type AnswerReply = z.infer<typeof valueReplySchema> | z.infer<typeof failureReplySchema>;

/**
 * The thread's side: parses every message against `schema` and posts each request's answer.
 * `answer` returns null for a request that wants none (a cancel). A message that is not a
 * request fails under its id when it has one, so the caller waiting on it is not left hanging.
 */
export function serveRequests<Request extends { id: number }>(
  port: MessagePort,
  schema: z.ZodType<Request>,
  answer: (request: Request) => Promise<unknown> | null,
  failureCode: (error: unknown) => string | null,
): void {
  const send = (reply: AnswerReply) => port.postMessage(reply);
  port.on('message', (message: unknown) => {
    const parsed = schema.safeParse(message);
    if (!parsed.success) {
      const id = z.object({ id: z.number().int() }).safeParse(message);
      send({ kind: 'failure', id: id.data?.id ?? -1, code: null, message: 'malformed request' });
      return;
    }
    const request = parsed.data;
    answer(request)?.then(
      (value) => send({ kind: 'value', id: request.id, value }),
      (error: unknown) =>
        send({
          kind: 'failure',
          id: request.id,
          code: failureCode(error),
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  });
}

/**
 * The main process's side of one answer: the value, parsed against what the request expects,
 * or the failure, as an CodedFailure the operator may see or as a bug named after the thread.
 */
export function settleAnswer<S extends z.ZodType>(
  reply: AnswerReply,
  expected: S,
  names: { thread: string; op: string },
  settle: { resolve(value: z.output<S>): void; reject(error: unknown): void },
): void {
  if (reply.kind === 'failure') {
    settle.reject(
      reply.code !== null
        ? new CodedFailure(reply.code)
        : new Error(`${names.thread}: ${reply.message}`),
    );
    return;
  }
  const parsed = expected.safeParse(reply.value);
  if (parsed.success) settle.resolve(parsed.data);
  else settle.reject(new Error(`${names.thread}: malformed ${names.op} answer`));
}
