/**
 * Reading the sandbox's HTML pages (hand-offs, challenge and payment pages) in tests that
 * act as the customer's browser: the five entities the pages escape, and hidden inputs.
 */

export const decodeEntities = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The hidden inputs of an HTML text, names and values decoded, in page order. */
export const hiddenInputs = (html: string): [string, string][] =>
  [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((input) => [
    decodeEntities(input[1] ?? ''),
    decodeEntities(input[2] ?? ''),
  ]);
