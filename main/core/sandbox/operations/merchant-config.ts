import { cardBrands } from '../../../../shared/card/brands';
import { currencies } from '../../../../shared/money/currencies';
import { gatewayCodes } from '../codes';
import type { Operation } from '../operation-context';
import { gatewayReply } from '../reply';

/**
 * The merchant configuration (`GET /pgw/api/v1/config/{merchantPublicKey}`, AND's
 * MerchantConfigurationResponse): the tokenization flags as set (`setMerchantConfig`), and
 * the profile fields official clients read. Another merchant's key is `700.011`.
 */
export const getMerchantConfig: Operation = (env, request) => {
  const key = request.pathId ?? '';
  if (key.toLowerCase() !== env.merchant.merchantPublicKey.toLowerCase())
    return gatewayReply(gatewayCodes.configNotFound, request.language);
  const config = env.faults.merchantConfig;
  return gatewayReply(gatewayCodes.success, request.language, {
    merchantName: 'Paydesk Sandbox Merchant',
    merchantPublicKey: env.merchant.merchantPublicKey,
    currencies: [...currencies],
    paymentMethods: [...cardBrands],
    isTokenizationEnabled: config.isTokenizationEnabled,
    isCvvRequiredForTokenPayments: config.isCvvRequiredForTokenPayments,
    is3dsRequiredForTokenPayments: config.is3dsRequiredForTokenPayments,
    allowedInitiatedByValues: [...config.allowedInitiatedByValues],
    isCallbackEnabled: config.isCallbackEnabled,
    isTransactionReceiptEnabled: false,
    isPaymentMethodSelectionEnabled: false,
    useMpgsApiV60: false,
  });
};
