import { escapeHtml } from '../../html/escape-html';
import { pageDocument } from './html-document';

/** What a browser-facing page answers: HTML, or a redirect. */
export interface PageReply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

// Pages hold one-off 3-D Secure state: never cache them.
const pageHeaders = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' };

export const htmlReply = (status: number, html: string): PageReply => ({
  status,
  headers: pageHeaders,
  body: html,
});

/** A page that only says what went wrong (unknown or finished transaction, bad data). */
export const messagePage = (status: number, title: string, message: string): PageReply =>
  htmlReply(
    status,
    pageDocument(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`),
  );

export const redirectReply = (location: string): PageReply => ({
  status: 302,
  headers: { Location: location, 'Cache-Control': 'no-store' },
  body: '',
});
