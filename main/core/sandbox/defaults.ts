/**
 * Training mode's merchant credentials. They open only the sandbox (the real gateway would
 * refuse them), so they are safe to publish in README and to hard-code in the app.
 */
export const SANDBOX_MERCHANT_PUBLIC_KEY = 'f0a1b2c3-d4e5-4f60-8a7b-9c0d1e2f3a4b';
export const SANDBOX_API_PASSWORD = 'training-only-password';

/** The sandbox's own merchant profile id, shown as order.merchantId. */
export const SANDBOX_MERCHANT_ID = '7c1d6f0e-2b3a-4c5d-9e8f-0a1b2c3d4e5f';

/** How long a session lives after Create Session (seed §8). */
export const SESSION_LIFETIME_MS = 15 * 60 * 1000;

/** The one-time code that passes the issuer's challenge page. */
export const CHALLENGE_PASS_CODE = '123456';
