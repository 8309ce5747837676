import type { TFunction } from 'i18next';
import { en } from '../i18n/en';

type DetailKey = keyof typeof en.auditDetail.keys;
type DetailWord = keyof typeof en.auditDetail.words;
type Status = keyof typeof en.status;

const known = <K extends string>(table: Record<K, string>, value: string): value is K =>
  Object.hasOwn(table, value);

// Left-to-right isolate: IDs, hosts and hashes inside an Arabic sentence keep their order.
const ltr = (text: string) => `\u2066${text}\u2069`;

// A name for code, not a value a person reads: kebab or camel tokens, JSON or key=value.
const codeShaped = /^[a-z0-9]+(?:[-_][a-z0-9]+)+$|^[a-z]+[A-Z]|[{}=]/;
const uuid = /^[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i;

// Reasons main writes in several words ("five wrong tries"): one part each, not three.
const phrases = Object.keys(en.auditDetail.words).filter((word) => word.includes(' '));

/** A security audit row's detail in words, and what no table knows, for the details line. */
export interface DetailWords {
  text: string;
  codes: string[];
}

/**
 * The security audit trail's `detail` as the operator reads it. Main writes it for support
 * and for the chain (`refunded approver=sara`, `from=… to=…`, a JSON object for an adopted
 * difference); the screen turns each part into words: known keys get a label, known values
 * (outcomes, roles, purposes) their words, operator IDs their names, and amounts, hosts and
 * numbers stay as written. A part no table knows becomes a generic word, kept in `codes`.
 */
export function auditDetailWords(
  t: TFunction,
  detail: string | null,
  names: Readonly<Record<string, string>>,
): DetailWords {
  if (detail === null || detail === '') return { text: '', codes: [] };
  const codes: string[] = [];
  const word = (written: string): string => {
    // The settings audit writes "no live gateway" as `none:` and the reason.
    const value = written.startsWith('none:') ? written.slice('none:'.length) : written;
    if (known(en.auditDetail.words, value)) return t(`auditDetail.words.${value as DetailWord}`);
    if (known(en.status, value)) return t(`status.${value as Status}`);
    if (codeShaped.test(value) && !uuid.test(value)) {
      codes.push(value);
      return t('audit.other');
    }
    return ltr(value);
  };
  const pair = (key: string, value: string): string => {
    if (!known(en.auditDetail.keys, key)) {
      codes.push(`${key}=${value}`);
      return t('audit.other');
    }
    const label = t(`auditDetail.keys.${key as DetailKey}`);
    const shown =
      key === 'approver'
        ? ltr(names[value] ?? value)
        : key === 'fields'
          ? value.split(',').map(word).join(t('auditDetail.listSeparator'))
          : word(value);
    return `${label}: ${shown}`;
  };
  const whole = detail.trim();
  if (known(en.auditDetail.words, whole)) return { text: word(whole), codes };
  const parts = jsonPairs(whole) ?? tokens(whole);
  const text = parts
    .map((part) => (part.key === null ? word(part.value) : pair(part.key, part.value)))
    .join(' · ');
  return { text, codes };
}

interface Part {
  key: string | null;
  value: string;
}

function jsonPairs(text: string): Part[] | null {
  if (!text.startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    return Object.entries(parsed).map(([key, value]) => ({ key, value: String(value) }));
  } catch {
    return null;
  }
}

/** `12.50 SAR` stays one value; `key=value` parts and single words split on spaces. */
function tokens(text: string): Part[] {
  if (/^[\d.,]+ [A-Z]{3}$/.test(text)) return [{ key: null, value: text }];
  const pattern = new RegExp(`${phrases.join('|')}|\\S+`, 'g');
  return (text.match(pattern) ?? []).map((token) => {
    const at = token.indexOf('=');
    return at > 0
      ? { key: token.slice(0, at), value: token.slice(at + 1) }
      : { key: null, value: token };
  });
}
