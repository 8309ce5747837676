import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../../../main/core/journal/migrations';
import { securityMigrations } from '../../../../main/core/operators/security-migrations';
import { storeMigrations } from '../../../../main/core/store/migrations';

/**
 * A released step is never edited: a file written by any earlier Paydesk is brought forward
 * by the steps it lacks, so an edited step would leave installs that ran the old text and
 * installs that ran the new one with different schemas. Each released step's version, name
 * and SQL is pinned here by its digest. A new step appends a digest; a changed digest means
 * a released step was edited (including the SQL its shared builders produce): make a new
 * step instead.
 */
const released = {
  journal: [
    'b06484c5d92e8bcd',
    'be26ff2eb9b6c529',
    'ef05d1b5f89bb8e7',
    'f2abec643a37cb51',
    'ce2325865c300052',
    '2facda5a8b0eee4a',
    'c82ea87e598294e5',
    'f27d96215351c70a',
    '219ad9d23a29819c',
    '56b0c13b2e3cf2e1',
    '113c5ed98c3b04bb',
    '559fb1c1accfe13b',
    '0384259096435546',
    '5769643bd5e254a8',
    '40c70d48a4b37c33',
    '56cba06a66c63280',
    '7d8e92772c849993',
  ],
  security: ['edab6fcac4d452d5', '57e01186359a94c6', '3cffc357fd547d90', '2887501840b76653'],
  store: [
    '3ec20af71bdcd5ef',
    '4e9fe5b1d9f4c17a',
    '2ac3bc92187cecc5',
    '4731ccaad6808ffa',
    '44962ce1d883cb3c',
    '272bef86690de2db',
    '230dbd3de157193f',
    'f1f1a48e58ebb09a',
    '366fa8c28349df3b',
    '0fde5e01fc890ddb',
    '9300f9fdb3f06d98',
    'b7a8c97ba38c49cf',
    '06d50fe0d7af6c14',
    '5efc98fdf1dcec0a',
  ],
};

const digest = (step: { version: number; name: string; sql: string }) =>
  createHash('sha256')
    .update(`${step.version}\n${step.name}\n${step.sql}`)
    .digest('hex')
    .slice(0, 16);

describe.each([
  ['journal', migrations, released.journal],
  ['security', securityMigrations, released.security],
  ['store', storeMigrations, released.store],
] as const)('the %s database’s released migration steps', (_name, steps, pinned) => {
  it('are numbered 1, 2, 3… in order', () => {
    expect(steps.map((step) => step.version)).toEqual(steps.map((_step, index) => index + 1));
  });

  it('are unchanged since their release', () => {
    expect(steps.slice(0, pinned.length).map(digest)).toEqual(pinned);
  });
});
