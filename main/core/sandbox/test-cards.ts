import type { CardBrand } from '../../../shared/card/brands';

/**
 * What the sandbox does with a card: the Initiate Authentication decision follows from it,
 * and for the decline cards so does the Pay outcome.
 */
export type TestCardOutcome =
  | 'challenge'
  | 'frictionless'
  | 'not-enrolled'
  | 'reject'
  | 'decline-insufficient-funds'
  | 'decline-do-not-honour';

export type GatewayDecision =
  'ContinueToPayer' | 'ContinueToPay' | 'ContinueToPayWithNotEnrolledCard' | 'Reject';

export interface TestCard {
  readonly number: string;
  readonly brand: CardBrand;
  readonly outcome: TestCardOutcome;
  /**
   * How the challenge's last step reaches the returnUrl: a 302 GET with `code` and `msg` in
   * the query, or an auto-submitted POST form carrying them in the body. Real issuers do
   * both, so the list keeps both in play.
   */
  readonly challengeReturn: 'GET' | 'POST';
  readonly description: string;
}

/** Expiry every test card accepts (any future date works; this one is documented). */
export const TEST_CARD_EXPIRY = { month: '01', year: '39' } as const;

/**
 * The sandbox's cards (all Luhn-valid). Any other valid card number behaves like
 * `challenge` with a GET return; docs/sandbox.md lists this table.
 */
export const testCards: readonly TestCard[] = [
  card('5123450000000008', 'mastercard', 'challenge', 'GET', 'Challenge; pays after code 123456'),
  card('4440000009900010', 'visa', 'challenge', 'GET', 'Challenge; pays after code 123456'),
  card('5888450000000003', 'mada', 'challenge', 'POST', 'Challenge; returns by POST form'),
  card('371449635398431', 'amex', 'challenge', 'POST', 'Challenge (4-digit CVV); returns by POST'),
  card('5123456789012346', 'mastercard', 'frictionless', 'GET', 'Frictionless: ContinueToPay'),
  card('4440000042200014', 'visa', 'frictionless', 'GET', 'Frictionless: ContinueToPay'),
  card('5078030000000003', 'meeza', 'frictionless', 'GET', 'Frictionless: ContinueToPay'),
  card(
    '4000000000000002',
    'visa',
    'not-enrolled',
    'GET',
    'Not enrolled in 3-D Secure: ContinueToPayWithNotEnrolledCard; pays',
  ),
  card('4000000000000119', 'visa', 'reject', 'GET', 'Reject: cannot be paid with'),
  card(
    '4000000000009995',
    'visa',
    'decline-insufficient-funds',
    'GET',
    'Frictionless; Pay declined: insufficient funds (acquirer code 51)',
  ),
  card(
    '5200000000000007',
    'mastercard',
    'decline-do-not-honour',
    'GET',
    'Frictionless; Pay declined: do not honour (acquirer code 05)',
  ),
];

function card(
  number: string,
  brand: CardBrand,
  outcome: TestCardOutcome,
  challengeReturn: 'GET' | 'POST',
  description: string,
): TestCard {
  return { number, brand, outcome, challengeReturn, description };
}

const byNumber = new Map(testCards.map((entry) => [entry.number, entry]));

/** The behaviour of any valid card number: its listed entry, or a plain GET-return challenge. */
export const cardBehaviour = (digits: string): Pick<TestCard, 'outcome' | 'challengeReturn'> =>
  byNumber.get(digits) ?? { outcome: 'challenge', challengeReturn: 'GET' };

/** Initiate Authentication's decision for a card outcome. */
export const decisionFor = (outcome: TestCardOutcome): GatewayDecision => {
  switch (outcome) {
    case 'challenge':
      return 'ContinueToPayer';
    case 'not-enrolled':
      return 'ContinueToPayWithNotEnrolledCard';
    case 'reject':
      return 'Reject';
    default:
      return 'ContinueToPay';
  }
};
