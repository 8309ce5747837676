import type { PaymentServiceDeps } from '../payments/payment-deps';
import type { ReaderThreadEntry } from '../reader/journal-reader';
import type { FollowTuning } from '../links/link-follower';
import type { NetworkRoute } from '../gateway/network-route';
import type { IpcRouter, IpcSender } from '../ipc/router';
import type { PaymentModes } from '../ipc/payment-modes';
import type { Security } from '../operators';
import type { ChallengeRunner, Clock, CoreEvents, IdGenerator, Logger, SaveTarget } from '../ports';
import type { ReceiptOutput } from '../receipts/receipt-output';
import type { Sandbox } from '../sandbox';
import type { SettingsService } from '../settings/settings-service';
import type { SecretCipher, SettingsStorage } from '../settings/settings-storage';
import type { StoreService } from '../store/store-service';
import type { StoreThreadEntry } from '../store/store-client';
import type { UpdateController, UpdaterPort } from '../updates/update-controller';

/** What a challenge runner may allow besides https: the Training sandbox's loopback origin. */
export interface ChallengeContext {
  allowedHttpOrigin: string | null;
}

/** The outside world of the core: Electron supplies one set, the Chromium test host another. */
export interface CoreAdapters {
  /** Folder of the journals (`journal.sqlite`, `training-journal.sqlite`). */
  dataDir: string;
  clock: Clock;
  ids: IdGenerator;
  /** Raw log sink; everything is redacted before it gets there. */
  logSink: Logger;
  settingsStorage: SettingsStorage;
  secretCipher: SecretCipher;
  /** One runner per mode, so only Training's may navigate to the loopback sandbox. */
  createChallengeRunner(context: ChallengeContext): ChallengeRunner;
  receipts: ReceiptOutput;
  files: SaveTarget;
  isTrustedSender(sender: IpcSender): boolean;
  app: { version: string; platform: string };
  /** Starts Training's in-process gateway; defaults to the sandbox on a random loopback port. */
  startTrainingGateway?: (deps: { clock: Clock; logger: Logger }) => Promise<Sandbox>;
  /** The journal reader thread's code: built file under Electron, source under tsx. */
  readerThread: ReaderThreadEntry;
  /** Engine timings and timeouts (tests shorten them). */
  engine?: Pick<PaymentServiceDeps, 'timeouts' | 'tuning'>;
  /** How often payment links are asked about (tests and benchmarks shorten it). */
  linkFollow?: Partial<FollowTuning>;
  /**
   * The OS trust store and proxy for gateway connections (the Electron shell asks Chromium
   * for the proxy); absent: Node's bundled certificates and no proxy.
   */
  network?: NetworkRoute;
  /** Where the store thread's code is; absent: store mode unavailable. */
  storeThread?: StoreThreadEntry;
  /**
   * The preview host only: live mode's gateway is this loopback sandbox instead of the one
   * Settings select, so two hosts share one gateway in the store e2e (a live sale is what a
   * store replicates). The Electron app never sets it.
   */
  liveSandbox?: Sandbox;
  /**
   * The updater (electron-updater in the app); absent where there is none (the preview host,
   * a development run): Settings › About then says updates are not in this build.
   */
  updater?: UpdaterPort;
  /** Update checks' timing (tests shorten it). */
  updateTiming?: { firstMs: number; everyMs: number };
}

export interface Core {
  router: IpcRouter;
  events: CoreEvents;
  settings: SettingsService;
  modes: PaymentModes;
  /** Operators, sessions and the audit trail. */
  security: Security;
  /** Training's in-process gateway (tests use its faults and inspect its orders). */
  sandbox: Sandbox;
  /** Store mode: replication of the live journal, store-wide History. */
  store: StoreService;
  /** Updates: status for Settings › About, the install policy, Restart to update. */
  updates: UpdateController;
  close(): Promise<void>;
}
