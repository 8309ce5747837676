import type { SandboxEnvironment } from '../operation-context';
import { hiddenForm, pageDocument } from './html-document';
import { htmlReply, messagePage, type PageReply } from './page-reply';
import { decodeMethodData } from './three-ds-messages';

/**
 * The issuer's 3-D Secure method page (POST /acs/method, loaded hidden by the method
 * snippet). Its script reads a few browser properties and posts them back with the
 * threeDSMethodData: only a browser that runs scripts completes the method.
 */
export const methodPage = (form: URLSearchParams): PageReply => {
  const threeDSMethodData = form.get('threeDSMethodData') ?? '';
  if (!decodeMethodData(threeDSMethodData)) {
    return messagePage(400, 'Method data invalid', 'threeDSMethodData is missing or unreadable.');
  }
  const fields = { threeDSMethodData, browserLanguage: '', browserScreen: '', browserTimeZone: '' };
  const script =
    '<script>(function(){var f=document.getElementById("methodNotifyForm");' +
    'f.browserLanguage.value=navigator.language;' +
    'f.browserScreen.value=screen.width+"x"+screen.height;' +
    'f.browserTimeZone.value=String(new Date().getTimezoneOffset());f.submit();})();</script>';
  return htmlReply(
    200,
    pageDocument(
      '3-D Secure method',
      hiddenForm({ formId: 'methodNotifyForm', action: '/acs/method/notify', fields }) + script,
    ),
  );
};

/** POST /acs/method/notify: the method ran for this order (authenticationDetails.methodCompleted). */
export const methodNotification = (env: SandboxEnvironment, form: URLSearchParams): PageReply => {
  const data = decodeMethodData(form.get('threeDSMethodData'));
  const order = data ? env.state.ordersByThreeDSecureId.get(data.threeDSServerTransID) : undefined;
  if (!order)
    return messagePage(
      404,
      'Unknown transaction',
      'No 3-D Secure transaction matches this method data.',
    );
  env.readLag.willChange(order);
  order.methodCompleted = true;
  order.updatedAt = env.clock.now();
  return messagePage(200, '3-D Secure method', 'Method complete.');
};
