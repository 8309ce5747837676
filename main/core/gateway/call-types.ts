/**
 * What a payment's session is for (GATEWAY-MORE.md §3.1): `Pay` authorizes and captures in
 * one message; `PreAuthorize` only holds the money, for a later Capture or release. Pay v2
 * has no operation of its own, so the session and the authentication calls carry it.
 */
export type PaymentOperation = 'Pay' | 'PreAuthorize';

export interface DeviceIdentification {
  providerDeviceId: string;
  language: string;
  userAgent: string;
}
