import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rolesMarkdown } from '../../main/core/operators/roles-doc';

// `npm run docs:roles`: rewrites docs/roles.md from the permission table.
const path = fileURLToPath(new URL('../../docs/roles.md', import.meta.url));
writeFileSync(path, rolesMarkdown());
console.log(`written ${path}`);
