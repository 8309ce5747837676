import type { UpdateError } from '../../../shared/ipc-updates';

/** Codes of electron-updater (and builder-util-runtime) and of Node's network and file calls. */
const signature = new Set(['ERR_UPDATER_INVALID_SIGNATURE']);
const broken = new Set([
  'ERR_CHECKSUM_MISMATCH',
  'ERR_UPDATER_ZIP_FILE_NOT_FOUND',
  'ERR_STREAM_PREMATURE_CLOSE',
  'ECONNRESET',
]);
const offline = new Set([
  'ENOTFOUND',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND',
  'ERR_UPDATER_LATEST_VERSION_NOT_FOUND',
  'HTTP_ERROR_404',
  'HTTP_ERROR_502',
  'HTTP_ERROR_503',
]);
const disk = new Set(['ENOSPC', 'EDQUOT']);

/**
 * The kind of an updater failure, for Settings › About: from the error's code where it has
 * one, else from words Electron's network layer and macOS's updater put in the message
 * (Chromium's net errors and Squirrel.Mac's code-signature check carry no code).
 */
export function updateErrorOf(error: unknown): UpdateError {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : String(error);
  const named = typeof code === 'string' ? code : '';
  if (signature.has(named) || /code signature|not signed by the application owner/i.test(text))
    return 'signature-refused';
  if (disk.has(named) || /ENOSPC|no space left/i.test(text)) return 'disk-full';
  if (broken.has(named) || /checksum mismatch|ERR_CONTENT_LENGTH_MISMATCH/i.test(text))
    return 'download-broken';
  if (
    offline.has(named) ||
    /net::ERR_(INTERNET_DISCONNECTED|NAME_NOT_RESOLVED|CONNECTION|TIMED_OUT|ADDRESS_UNREACHABLE)/.test(
      text,
    )
  )
    return 'offline';
  return 'failed';
}
