import { escapeHtml } from '../../html/escape-html';

/**
 * How snippets travel inside the JSON string. 'json' is the gateway's way (raw HTML in the
 * string; the JSON writer's \u escapes are undone by JSON.parse). 'html-entities' adds a
 * second layer (`&lt;form`), which unescapeGatewayHtml must also undo; tests of the app's
 * tolerance switch it on.
 */
export const snippetEncodings = ['json', 'html-entities'] as const;
export type SnippetEncoding = (typeof snippetEncodings)[number];

export const encodeSnippet = (html: string, encoding: SnippetEncoding): string =>
  encoding === 'html-entities' ? escapeHtml(html) : html;
