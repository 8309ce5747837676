import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  storeHistoryQuery,
  type StoreHistoryFilters,
} from '../../../main/core/store/store-history';
import { counterName, insertSeededAttempts, seedStart } from '../../bench/store-seed';
import { pgSkipReason, startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { migratedStore } from './store-counter';

const skip = pgSkipReason();
if (skip !== null) console.warn(`store history plan tests skipped: ${skip}`);

let cluster: PgCluster;
let client: pg.Client;
beforeAll(async () => {
  if (skip !== null) return;
  cluster = await startPgCluster();
  const url = await cluster.createDatabase('plans');
  await migratedStore(url);
  client = new pg.Client({ connectionString: url });
  await client.connect();
  await insertSeededAttempts(client, { from: 1, to: 5_000, total: 5_000 });
  await client.query('VACUUM ANALYZE store_attempts');
  // With sorts and sequential scans priced out, the planner takes an index that yields the
  // screen's order if one exists; a Sort or Seq Scan left in the plan means none does.
  await client.query('SET enable_sort = off');
  await client.query('SET enable_seqscan = off');
});
afterAll(async () => {
  await client?.end();
  cluster?.destroy();
});

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
};
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

async function planOf(filters: StoreHistoryFilters) {
  const { sql, values } = storeHistoryQuery(filters, null, 50);
  const result = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    `EXPLAIN (FORMAT JSON) ${sql}`,
    values,
  );
  return nodes(result.rows[0]!['QUERY PLAN'][0].Plan);
}

/**
 * A text search sorts by design (each arm's matches, then the page-sized union), so its
 * plans are read with sorting priced normally; sequential scans stay priced out.
 */
async function textPlanOf(filters: StoreHistoryFilters) {
  await client.query('SET enable_sort = on');
  try {
    return await planOf(filters);
  } finally {
    await client.query('SET enable_sort = off');
  }
}

describe.skipIf(skip !== null)('store History query plans', () => {
  it.each<[string, StoreHistoryFilters]>([
    ['newest', {}],
    ['counter', { counterId: counterName(3) }],
    ['operator', { operatorId: 'op-17' }],
    ['status', { statuses: ['declined'] }],
    ['statuses', { statuses: ['refunded', 'voided'] }],
    ['amount', { amountMinor: 2500 }],
    ['date range', { fromMs: seedStart, toMs: seedStart + 86_400_000 }],
    ['counter and operator', { counterId: counterName(1), operatorId: 'op-20' }],
  ])('%s: walks an index in the screen’s order, no sort', async (_kind, filters) => {
    const plan = await planOf(filters);
    expect(plan.map((node) => node['Node Type'])).not.toContain('Sort');
    expect(plan.map((node) => node['Node Type'])).not.toContain('Seq Scan');
  });

  it('text: each alternative reads its own index, a prefix from the index alone; then one page of rows', async () => {
    const plan = await textPlanOf({ text: '1234' });
    const scans = plan.filter((node) => node['Relation Name'] === 'store_attempts');
    expect(
      Object.fromEntries(scans.map((scan) => [scan['Index Name'], scan['Node Type']])),
    ).toEqual({
      store_attempts_by_reference: 'Index Only Scan',
      store_attempts_by_order: 'Index Only Scan',
      store_attempts_by_last4: expect.stringMatching(/^Index/),
      store_attempts_pkey: expect.stringMatching(/^Index/),
    });
  });

  it.each<[string, StoreHistoryFilters]>([
    ['status', { text: 'INV-12', statuses: ['declined'] }],
    ['counter and operator', { text: 'ord-3', counterId: counterName(2), operatorId: 'op-5' }],
    ['amount and dates', { text: 'pos-1', amountMinor: 2500, fromMs: seedStart }],
  ])(
    'a prefix with %s: never a newest-first walk of the store, never a table scan',
    async (_kind, filters) => {
      const plan = await textPlanOf(filters);
      expect(plan.map((node) => node['Index Name'])).not.toContain('store_attempts_by_time');
      expect(plan.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    },
  );

  it('counter with operator: walks their own index in the screen’s order', async () => {
    const plan = await planOf({ counterId: counterName(4), operatorId: 'op-9' });
    expect(plan.map((node) => node['Index Name']).filter(Boolean)).toEqual([
      'store_attempts_by_counter_operator',
    ]);
  });
});
