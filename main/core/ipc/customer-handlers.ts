import type { customerChannels } from '../../../shared/ipc-customers';
import { checkOperatorText } from '../../../shared/text/operator-text';
import { CodedFailure } from '../coded-failure';
import type { CustomerDirectory } from '../customers/customer-directory';
import type { OperatorsService } from '../operators/operators-service';
import type { IpcHandlers } from './router';

export type CustomerHandlers = Pick<IpcHandlers, keyof typeof customerChannels>;

/** The supervisor's reason as the audit trail takes it: trimmed, no card number, no bidi. */
function checkedReason(reason: string | undefined): string | null {
  const trimmed = reason?.trim() ?? '';
  if (trimmed === '') return null;
  const checked = checkOperatorText(trimmed);
  if (!checked.ok) throw new CodedFailure(checked.error);
  return trimmed;
}

/**
 * The customers screen's channels, on the active mode's directory (Training customers and
 * their sandbox tokens stay in Training). The permission table already held the role;
 * here the acting operator is named on what they create, delete or remove.
 */
export function createCustomerHandlers(deps: {
  operators: Pick<OperatorsService, 'actor'>;
  directory: () => CustomerDirectory;
}): CustomerHandlers {
  const { operators, directory } = deps;
  return {
    customerSearch: async ({ query }) => ({ customers: await directory().search(query) }),
    customerGet: ({ customerId }) => directory().get(customerId),
    customerSave: (request) => directory().save(request, operators.actor()),
    customerDelete: ({ customerId, reason }) =>
      directory().delete(customerId, operators.actor(), checkedReason(reason)),
    savedCardRemove: ({ customerId, cardId, reason }) =>
      directory().removeCard(customerId, cardId, operators.actor(), checkedReason(reason)),
  };
}
