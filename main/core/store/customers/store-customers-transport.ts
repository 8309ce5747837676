import type { z } from 'zod';
import type { StoreRequest } from '../store-protocol';
import type { customerValueSchemas } from './customers-protocol';

type Ask<Op extends StoreRequest['op'] & keyof typeof customerValueSchemas> = (
  request: Omit<Extract<StoreRequest, { op: Op }>, 'id' | 'op'>,
) => Promise<z.infer<(typeof customerValueSchemas)[Op]>>;

/** The store thread's customers requests as the main process makes them (store-client.ts). */
export interface StoreCustomersTransport {
  search: Ask<'customerSearch'>;
  get: Ask<'customerGet'>;
  save: Ask<'customerSave'>;
  delete: Ask<'customerDelete'>;
  recordConsent: Ask<'consentRecord'>;
  saveCard: Ask<'cardSave'>;
  cardToken: Ask<'cardToken'>;
  cardRefused: (
    request: Omit<Extract<StoreRequest, { op: 'cardRefused' }>, 'id' | 'op'>,
  ) => Promise<void>;
  removeCard: Ask<'cardRemove'>;
}
