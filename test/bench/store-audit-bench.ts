import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { chainLink, createAuditSigner, genesisLink } from '../../main/core/audit/audit-signing';
import { openSecurityDatabase } from '../../main/core/operators/security-database';
import { verifyStoreAudit } from '../../main/core/store/audit/store-audit-verify';
import { registerCounter } from '../../main/core/store/counters';
import { migratedStore } from '../integration/store/store-counter';
import { startPgCluster } from '../support/pg-cluster';
import { benchAuditRow } from './bench-audit-row';

/**
 * `store.audit_verify_ms_100k`: another counter's Verify over one counter's
 * 100,000-row signed chain in a real PostgreSQL, as the store thread runs it (pages of rows,
 * every link recomputed, signatures at checkpoints). The rows are signed with the chain's
 * own functions and inserted in batches (the counter's sync rounds would take minutes).
 */
export async function storeAuditVerifyBench(rows = 100_000): Promise<number> {
  const cluster = await startPgCluster();
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-store-audit-bench-'));
  const url = await cluster.createDatabase('audit');
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const security = openSecurityDatabase(join(dir, 'security.sqlite'), 0);
  try {
    await migratedStore(url);
    await registerCounter(pool, { counterId: 'A', name: 'Counter A' });
    const signer = createAuditSigner(generateKeyPairSync('ed25519').privateKey, 1);
    await pool.query(
      'INSERT INTO store_audit_keys (counter_id, public_key, first_seq) VALUES ($1, $2, 1)',
      ['A', signer.publicKey],
    );
    let link = genesisLink;
    for (let from = 1; from <= rows; from += 10_000) {
      const batch = [];
      for (let seq = from; seq < from + 10_000 && seq <= rows; seq += 1) {
        const row = benchAuditRow(seq);
        link = chainLink(link, row);
        // The MAC only its own counter can check: any 64 hex stands in for it here.
        batch.push({ ...row, mac: link, sig: signer.sign(seq, link) });
      }
      await pool.query(
        `INSERT INTO store_audit (counter_id, seq, at, event, operator_id, subject, detail, mac, sig)
         SELECT 'A', seq, at, event, "operatorId", subject, detail, mac, sig
         FROM jsonb_to_recordset($1::jsonb) AS r(seq bigint, at bigint, event text,
           "operatorId" text, subject text, detail text, mac text, sig text)`,
        [JSON.stringify(batch)],
      );
    }
    const times: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const started = performance.now();
      const [chain] = await verifyStoreAudit(pool, security, { now: Date.now() });
      times.push(performance.now() - started);
      if (chain?.rows !== rows || chain.broken !== null) throw new Error('bench chain broken');
    }
    return times.sort((a, b) => a - b)[1]!;
  } finally {
    security.close();
    await pool.end();
    cluster.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
