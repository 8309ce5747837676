// The e2e tests drive the same browser host `npm run preview` opens (main/preview), headless,
// plus the helpers that type into the issuer page as a customer would.
export {
  launchBrowserHost as launchHost,
  type Host,
  type HostOptions,
} from '../../main/preview/browser-host';
export type { ControllableClock } from '../../main/preview/controllable-clock';
export { completeChallenge, issuerFrame } from './challenge-page';
