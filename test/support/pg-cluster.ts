import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A throwaway PostgreSQL cluster for tests and the bench (no mock database):
 * `initdb` + `pg_ctl` on a temp directory and a free loopback port. PostgreSQL refuses to
 * run as root, so as root every server command runs through `runuser -u postgres` on a
 * directory postgres owns. Takes about a second; share one per test file, one database per test.
 */
export interface PgCluster {
  port: number;
  dataDir: string;
  /** The server's log (with `logStatements`, every statement it ran). */
  logFile: string;
  /** A connection string for `database` as the superuser, over loopback TCP. */
  url(database?: string): string;
  /** Creates a fresh database and returns its connection string. */
  createDatabase(name: string): Promise<string>;
  /** `immediate` is a crash-like stop: connections are cut at once. */
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  /** Stops the server and removes the directory (unless it was given by the caller). */
  destroy(): void;
}

function binDir(): string | null {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (existsSync(join(dir, 'initdb'))) return dir;
  } catch {
    // No pg_config on PATH: Debian keeps the server binaries in a versioned folder.
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = join(root, version, 'bin');
    if (existsSync(join(dir, 'initdb'))) return dir;
  }
  return null;
}

const asRoot = process.getuid?.() === 0;

/** Why PostgreSQL tests cannot run here, or null when they can. */
export function pgSkipReason(): string | null {
  if (binDir() === null) {
    return 'PostgreSQL server binaries not found (apt-get install postgresql; .ci/run does it)';
  }
  if (asRoot && spawnSync('id', ['-u', 'postgres']).status !== 0) {
    return 'running as root but there is no postgres user to run the server as';
  }
  return null;
}

function postgresUid(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

function run(bin: string, args: string[]): void {
  const [command, commandArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', bin, ...args]]
    : [bin, args];
  const result = spawnSync(command, commandArgs, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${bin} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface PgClusterOptions {
  /** An initialised cluster to start (the bench's cached 10M-row store); else initdb first. */
  dataDir?: string;
  /**
   * Every role but the superuser logs in over TCP with its password through SCRAM-SHA-256,
   * as a merchant's server should (the superuser stays trusted, for the tests' own setup).
   */
  scramForRoles?: boolean;
  /** `log_statement=all`: the log shows every statement as the server received it. */
  logStatements?: boolean;
  /** TLS on, with this certificate and key (e.g. one a private CA signed). */
  tls?: { certPem: string; keyPem: string };
}

/** Starts a cluster (see PgClusterOptions); by default every loopback login is trusted. */
export async function startPgCluster(options: PgClusterOptions = {}): Promise<PgCluster> {
  const bin = binDir();
  if (bin === null) throw new Error(pgSkipReason() ?? 'no PostgreSQL');
  const owned = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'paydesk-pg-'));
  const socketDir = mkdtempSync(join(tmpdir(), 'paydesk-pg-sock-'));
  if (asRoot) {
    const { uid, gid } = postgresUid();
    chownSync(dataDir, uid, gid);
    chownSync(socketDir, uid, gid);
  }
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    // fsync off: a test cluster is thrown away; the app's own durability is the journal's.
    run(join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C',
    ]);
  }
  if (options.scramForRoles) {
    writeFileSync(
      join(dataDir, 'pg_hba.conf'),
      [
        'local all all trust',
        'host all postgres 127.0.0.1/32 trust',
        'host all all 127.0.0.1/32 scram-sha-256',
        '',
      ].join('\n'),
    );
  }
  if (options.tls) {
    // PostgreSQL refuses a key others can read; the server's user must own both files.
    writeFileSync(join(dataDir, 'server.crt'), options.tls.certPem, { mode: 0o600 });
    writeFileSync(join(dataDir, 'server.key'), options.tls.keyPem, { mode: 0o600 });
    if (asRoot) {
      const { uid, gid } = postgresUid();
      chownSync(join(dataDir, 'server.crt'), uid, gid);
      chownSync(join(dataDir, 'server.key'), uid, gid);
    }
  }
  const port = await freePort();
  const serverOptions = [
    `-p ${port}`,
    `-k ${socketDir}`,
    "-c listen_addresses='127.0.0.1'",
    // fsync off is safe for a test server: an immediate stop kills the server, not the OS,
    // so written WAL survives. synchronous_commit stays on: with it off the server confirms
    // commits it may lose in exactly such a stop (docs/store.md says the same to IT).
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
    ...(options.logStatements ? ['-c log_statement=all'] : []),
    ...(options.tls ? ['-c ssl=on'] : []),
  ].join(' ');
  const logFile = join(socketDir, 'server.log');
  const start = () =>
    run(join(bin, 'pg_ctl'), ['-D', dataDir, '-o', serverOptions, '-l', logFile, '-w', 'start']);
  const stop = (mode: 'fast' | 'immediate' = 'fast') =>
    run(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', mode, '-w', 'stop']);
  start();
  let running = true;
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    dataDir,
    logFile,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    stop(mode) {
      stop(mode);
      running = false;
    },
    start() {
      start();
      running = true;
    },
    destroy() {
      if (running) stop('immediate');
      running = false;
      if (owned) rmSync(dataDir, { recursive: true, force: true });
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
