import { escapeHtml } from '../../html/escape-html';

export interface AutoPost {
  readonly formId: string;
  readonly action: string;
  readonly fields: Readonly<Record<string, string>>;
  /** The frame the form loads into; the current one when absent. */
  readonly target?: string;
}

/** A POST form of hidden fields, as gateways and issuers pass browsers along. */
export const hiddenForm = ({ formId, action, fields, target }: AutoPost, visible = ''): string => {
  const inputs = Object.entries(fields)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');
  const targetAttribute = target ? ` target="${escapeHtml(target)}"` : '';
  return `<form id="${escapeHtml(formId)}" method="POST" action="${escapeHtml(action)}"${targetAttribute}>${inputs}${visible}</form>`;
};

/** The script that submits a form as soon as it is parsed. */
export const submitScript = (formId: string): string =>
  `<script>document.getElementById(${JSON.stringify(formId)}).submit();</script>`;

const style =
  'body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem;color:#1a1a1a;background:#fff}' +
  'main{max-width:26rem;margin:0 auto}h1{font-size:1.3rem}label{display:block;font-weight:600;margin:1rem 0 .3rem}' +
  'input{font-size:1.2rem;padding:.4rem;width:10ch;letter-spacing:.15em}' +
  'button{font-size:1rem;padding:.5rem 1.2rem;margin:1rem .5rem 0 0}dt{font-weight:600}dd{margin:0 0 .5rem}' +
  '.hint{color:#555;font-size:.9rem}';

/**
 * A complete, plain page of the sandbox's issuer or gateway: English unless `lang` says
 * otherwise (the hosted payment page of a link is also Arabic, right to left).
 */
export const pageDocument = (
  title: string,
  body: string,
  options: { lang?: 'en' | 'ar'; extraStyle?: string } = {},
): string => {
  const lang = options.lang ?? 'en';
  return (
    `<!DOCTYPE html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><style>${style}${options.extraStyle ?? ''}</style></head>` +
    `<body><main>${body}</main></body></html>`
  );
};

/**
 * A page that immediately posts hidden fields on (3-D Secure's browser hand-offs); without
 * scripts, its Continue button does the same.
 */
export const autoPostDocument = (title: string, message: string, post: AutoPost): string =>
  pageDocument(
    title,
    `<p>${escapeHtml(message)}</p>` +
      hiddenForm(post, '<noscript><button type="submit">Continue</button></noscript>') +
      submitScript(post.formId),
  );
