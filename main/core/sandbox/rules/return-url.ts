import { gatewayCodes } from '../codes';
import type { FieldError } from '../problem-details';

const isHttpsUrl = (url: string): boolean => {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
};

/** The returnUrl must be an absolute HTTPS URL (seed §8); the 3-D Secure result goes there. */
export const checkReturnUrl = (url: string | undefined, field = 'returnUrl'): FieldError[] =>
  url === undefined || isHttpsUrl(url)
    ? []
    : [{ field, code: gatewayCodes.returnUrlNotHttps, message: 'returnUrl must use HTTPS.' }];
