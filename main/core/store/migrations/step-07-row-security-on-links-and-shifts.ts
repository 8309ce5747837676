import type { StoreMigration } from './store-migration';
import { ownRowsPolicies } from './step-05-counter-roles';

/**
 * Store step 7: the same rights and row-level security as step 5 on the tables step 2 added
 * for links, shifts and Z reports, which were built beside step 5 and met it at merge.
 */
const linksShiftsTables = ['store_links', 'store_link_events', 'store_shifts', 'store_z_reports'];

export const rowSecurityOnLinksAndShifts: StoreMigration = {
  version: 7,
  name: 'row-level security on links, shifts and Z reports',
  sql: `
    GRANT SELECT, INSERT, UPDATE ON ${linksShiftsTables.join(', ')} TO paydesk_counter;
    ${linksShiftsTables.map(ownRowsPolicies).join('\n')}
  `,
};
