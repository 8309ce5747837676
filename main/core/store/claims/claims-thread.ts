import type pg from 'pg';
import type { z } from 'zod';
import { storeAttemptColumns, toStoreRow } from '../store-history';
import type { claimRequestSchemas } from './claims-protocol';
import { claimRefund, settleClaim, settleClaimFromOrder } from './order-claims';
import { claimHoldAction } from './hold-claims';

export type ClaimRequest = z.infer<(typeof claimRequestSchemas)[number]>;

/**
 * The store thread's answer to a claim step (claims-protocol.ts). The claim is always this
 * counter's own: the counter ID comes from the thread's connection, never from the request.
 */
export async function answerClaimRequest(
  pool: pg.Pool,
  counterId: string,
  request: ClaimRequest,
): Promise<unknown> {
  switch (request.op) {
    case 'storePayment': {
      const result = await pool.query(
        `SELECT ${storeAttemptColumns} FROM store_attempts WHERE attempt_id = $1`,
        [request.attemptId],
      );
      const row = result.rows[0] as Record<string, unknown> | undefined;
      return row === undefined ? null : toStoreRow(row);
    }
    case 'claimRefund':
      return claimRefund(pool, {
        counterId,
        order: {
          orderId: request.orderId,
          currency: request.currency,
          capturedMinor: request.capturedMinor,
          refundedMinor: request.refundedMinor,
        },
        amountMinor: request.amountMinor,
        settleMs: request.settleMs,
        operatorId: request.operatorId,
        approverId: request.approverId,
      });
    case 'claimHold':
      return claimHoldAction(pool, {
        counterId,
        order: {
          orderId: request.orderId,
          currency: request.currency,
          amountMinor: request.amountMinor,
        },
        standing: request.standing,
        kind: request.kind,
        settleMs: request.settleMs,
        operatorId: request.operatorId,
        approverId: request.approverId,
      });
    case 'settleClaim':
      await settleClaim(pool, request.claimId, {
        state: request.state,
        refundedAfterMinor: request.refundedAfterMinor,
      });
      return {};
    case 'settleClaimFromOrder':
      return { settled: await settleClaimFromOrder(pool, request.claimId, request.refundedMinor) };
  }
}
