import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect } from '@playwright/test';
import { genesisMac, headMac, rowMac } from '../../main/core/audit/audit-chain';
import { createAuditTrail } from '../../main/core/audit/audit-trail';
import { createSqliteAuditStore } from '../../main/core/audit/sqlite-audit-store';
import { inTransaction } from '../../main/core/platform/transaction';
import { openSecurityDatabase } from '../../main/core/operators/security-database';
import { hashSecret, verifySecret } from '../../main/core/operators/secret-hash';
import { launchHost } from '../host';
import { benchAuditRow } from './bench-audit-row';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * `audit_verify_ms_100k`: Verify over a 100,000-row chain in a real security.sqlite. The
 * rows are seeded in one transaction with the chain's own MAC function (appending them one
 * by one would time 100,000 fsyncs, not the verifier).
 */
export function auditVerifyBench(rows = 100_000): number {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-audit-bench-'));
  const db = openSecurityDatabase(join(dir, 'security.sqlite'), 0);
  try {
    const key = randomBytes(32);
    const insert = db.prepare(
      'INSERT INTO audit (seq, at, event, operator_id, subject, detail, mac) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    let mac = genesisMac;
    inTransaction(db, () => {
      for (let seq = 1; seq <= rows; seq += 1) {
        const row = benchAuditRow(seq);
        mac = rowMac(key, mac, row);
        insert.run(row.seq, row.at, row.event, row.operatorId, row.subject, row.detail, mac);
      }
      const head = { seq: rows, mac };
      db.prepare('INSERT INTO audit_head (id, seq, mac, head_mac) VALUES (1, ?, ?, ?)').run(
        head.seq,
        head.mac,
        headMac(key, head),
      );
    });
    const trail = createAuditTrail({ store: createSqliteAuditStore(db), key, clock: Date });
    const times: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const started = performance.now();
      const verdict = trail.verify();
      times.push(performance.now() - started);
      if (verdict.broken !== null || verdict.rows !== rows) throw new Error('bench chain broken');
    }
    return median(times);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `sign_in_ms_p50`: from Enter on the lock screen to the unlocked window, through the real
 * core (scrypt N=2^16 included) and the built renderer in Chromium. The preview host's bridge
 * (a CDP round trip per call, where Electron's IPC takes well under a millisecond) is inside
 * the figure, so it overstates what a cashier sees; `kdf_ms_p50` says how much is scrypt.
 */
export async function signInBench(runs = 15): Promise<number> {
  const renderer = fileURLToPath(new URL('../../out/renderer/index.html', import.meta.url));
  if (!existsSync(renderer)) execSync('npx electron-vite build', { stdio: 'ignore' });
  const host = await launchHost({ viewport: { width: 1024, height: 700 } });
  try {
    const { page } = host;
    const state = await page.evaluate(() =>
      window.paydesk.operatorsEnable({
        operatorId: 'bench',
        displayName: 'Bench',
        secret: '246810',
      }),
    );
    if (!state.ok) throw new Error(state.error.code);
    const lockScreen = page.locator('.lock-screen');
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      await page.keyboard.press('Control+L');
      await expect(lockScreen).toBeVisible();
      // The one who locked is already chosen (the PIN alone, as at a till); otherwise the ID too.
      const inputs = page.locator('.lock-screen input');
      if ((await inputs.count()) > 1) await inputs.first().fill('bench');
      await inputs.last().fill('246810');
      // Timed inside the page, from the Enter keydown to the frame without the lock screen:
      // Playwright's own polling for the element would add its interval to every run.
      const timing = page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let started = 0;
            document.addEventListener(
              'keydown',
              (event) => {
                if (event.key === 'Enter') started = performance.now();
              },
              { capture: true, once: true },
            );
            const observer = new MutationObserver(() => {
              if (started === 0 || document.querySelector('.lock-screen')) return;
              observer.disconnect();
              requestAnimationFrame(() => resolve(performance.now() - started));
            });
            observer.observe(document.body, { childList: true, subtree: true });
          }),
      );
      await inputs.last().press('Enter');
      await lockScreen.waitFor({ state: 'detached' });
      times.push(await timing);
    }
    return median(times);
  } finally {
    await host.close();
  }
}

/** scrypt alone with the stored parameters: the floor under `sign_in_ms_p50` on this machine. */
export async function kdfBench(runs = 15): Promise<number> {
  const stored = await hashSecret('246810');
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    if (!(await verifySecret('246810', stored))) throw new Error('bench hash did not verify');
    times.push(performance.now() - started);
  }
  return median(times);
}

export async function runSecurityBench() {
  return {
    kdf_ms_p50: await kdfBench(),
    sign_in_ms_p50: await signInBench(),
    audit_verify_ms_100k: auditVerifyBench(),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await runSecurityBench());
}
