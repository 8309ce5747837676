import type {
  CriticalReason,
  UpdateBusy,
  UpdateError,
  UpdatePhase,
  UpdateStatus,
} from '../../../shared/ipc-updates';
import type { Logger } from '../ports';
import { asksNow, automaticUpdates, restartDecision } from './install-policy';

/** What the updater reports, in the core's words (the shell translates electron-updater's events). */
export type UpdaterSignal =
  | { kind: 'checking' }
  | { kind: 'available'; version: string; critical: CriticalReason | null }
  | { kind: 'not-available' }
  | { kind: 'progress'; percent: number }
  | { kind: 'downloaded'; version: string; critical: CriticalReason | null }
  | { kind: 'error'; error: UpdateError; detail: string };

/** The updater the shell supplies (electron-updater's autoUpdater behind main/electron). */
export interface UpdaterPort {
  /** The channel the update server is asked for (`latest`). */
  readonly channel: string;
  connect(onSignal: (signal: UpdaterSignal) => void): void;
  /** Asks the server; failures arrive as an `error` signal, never as a throw. */
  check(): void;
  /** Background download and install at quit, both on or both off. */
  setAutomatic(on: boolean): void;
  /** Quits and installs the downloaded update, then starts the new version. */
  installNow(): void;
}

export interface UpdateControllerDeps {
  version: string;
  updater: UpdaterPort | null;
  /** What the counter is busy with right now (the composition root's busy snapshot). */
  busy: () => UpdateBusy[];
  held: () => boolean;
  now: () => number;
  logger: Logger;
  /** An update refused for its signature: written to the audit trail. */
  refused: (version: string | null, detail: string) => void;
  onStatus: (status: UpdateStatus) => void;
  /** First check after start, then every `everyMs`. */
  timing?: { firstMs: number; everyMs: number };
}

export interface UpdateController {
  status(): UpdateStatus;
  receive(signal: UpdaterSignal): void;
  /** A supervisor's Restart to update. */
  restart(): { restarting: boolean; busy: UpdateBusy[] };
  /** The merchant held or released the version. */
  heldChanged(): void;
  /** Called every second: an idle moment lets a critical update ask; About follows the counter. */
  tick(): void;
  close(): void;
}

const defaultTiming = { firstMs: 15_000, everyMs: 4 * 60 * 60 * 1000 };

/**
 * Follows the updater's signals into the status Settings › About shows, and applies
 * install-policy.ts. Nothing the updater reports can stop the counter: an unreachable server,
 * a broken download or a full disk become `lastError` and a log line, and the next check
 * tries again.
 */
export function createUpdateController(deps: UpdateControllerDeps): UpdateController {
  const { updater, logger } = deps;
  let phase: UpdatePhase = updater ? 'idle' : 'off';
  let beforeCheck: UpdatePhase = phase;
  let lastCheckAt: number | null = null;
  let lastError: UpdateStatus['lastError'] = null;
  let available: UpdateStatus['available'] = null;
  let lastSent = '';
  const timers: ReturnType<typeof setTimeout>[] = [];

  const policyState = () => ({
    phase,
    held: deps.held(),
    critical: available?.critical != null,
  });

  const status = (): UpdateStatus => {
    const state = policyState();
    // Only a ready update can restart anything: the journals are not asked otherwise.
    const busy = phase === 'ready' ? deps.busy() : [];
    return {
      version: deps.version,
      channel: updater?.channel ?? 'latest',
      phase,
      lastCheckAt,
      lastError,
      available,
      held: state.held,
      busy,
      ask: asksNow(state, busy),
    };
  };

  const publish = () => {
    const current = status();
    const text = JSON.stringify(current);
    if (text === lastSent) return;
    lastSent = text;
    deps.onStatus(current);
  };

  const check = () => {
    if (phase === 'downloading') return;
    updater?.check();
  };

  const receive = (signal: UpdaterSignal) => {
    switch (signal.kind) {
      case 'checking':
        // A signal means an updater is there, whatever was known before it.
        if (phase !== 'checking') beforeCheck = phase === 'off' ? 'idle' : phase;
        phase = phase === 'ready' ? 'ready' : 'checking';
        lastCheckAt = deps.now();
        break;
      case 'available':
        available = { version: signal.version, critical: signal.critical, percent: null };
        phase = automaticUpdates(deps.held()) ? 'downloading' : 'available';
        lastError = null;
        logger.info('update available', { version: signal.version, critical: signal.critical });
        break;
      case 'not-available':
        phase = 'up-to-date';
        available = null;
        lastError = null;
        break;
      case 'progress':
        if (available) available = { ...available, percent: Math.round(signal.percent) };
        break;
      case 'downloaded':
        available = { version: signal.version, critical: signal.critical, percent: 100 };
        phase = 'ready';
        lastError = null;
        logger.info('update downloaded', { version: signal.version });
        break;
      case 'error':
        lastError = { code: signal.error, at: deps.now() };
        // The last thing known stays true: a failed check leaves what the one before found,
        // a failed download leaves the version found, waiting for the next check.
        if (phase === 'checking') phase = beforeCheck;
        if (phase === 'downloading') phase = 'available';
        if (available) available = { ...available, percent: null };
        logger.error('update failed', { error: signal.error, detail: signal.detail });
        if (signal.error === 'signature-refused') {
          deps.refused(available?.version ?? null, signal.detail);
        }
        break;
    }
    publish();
  };

  if (updater) {
    updater.connect(receive);
    updater.setAutomatic(automaticUpdates(deps.held()));
    const timing = deps.timing ?? defaultTiming;
    const first = setTimeout(check, timing.firstMs);
    const every = setInterval(check, timing.everyMs);
    first.unref?.();
    every.unref?.();
    timers.push(first, every);
  }

  return {
    status,
    receive,
    restart() {
      const busy = deps.busy();
      const decision = restartDecision(policyState(), busy);
      if (decision.kind !== 'install' || !updater) {
        return { restarting: false, busy: decision.kind === 'wait' ? [...decision.busy] : [] };
      }
      logger.info('restarting to update', { from: deps.version, to: available?.version });
      updater.installNow();
      return { restarting: true, busy: [] };
    },
    heldChanged() {
      const automatic = automaticUpdates(deps.held());
      updater?.setAutomatic(automatic);
      // Released: look for what was held back at once rather than at the next round.
      if (automatic) check();
      publish();
    },
    tick() {
      if (phase === 'ready') publish();
    },
    close() {
      timers.forEach((timer) => clearTimeout(timer));
    },
  };
}
