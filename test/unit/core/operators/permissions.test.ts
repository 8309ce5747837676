import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipcContract, type IpcMethod } from '../../../../shared/ipc';
import { roleSchema, type Role } from '../../../../shared/ipc-security';
import { createAuditTrail } from '../../../../main/core/audit/audit-trail';
import { createSqliteAuditStore } from '../../../../main/core/audit/sqlite-audit-store';
import { CodedFailure } from '../../../../main/core/coded-failure';
import { createIpcRouter, type IpcHandlers } from '../../../../main/core/ipc/router';
import { createOperatorsService } from '../../../../main/core/operators/operators-service';
import { hasRole, permissionTable } from '../../../../main/core/operators/permissions';
import { rolesMarkdown } from '../../../../main/core/operators/roles-doc';
import { openSecurityDatabase } from '../../../../main/core/operators/security-database';
import { createSqliteOperatorStore } from '../../../../main/core/operators/sqlite-operator-store';
import { validRequests } from '../../../support/valid-requests';

const methods = Object.keys(ipcContract) as IpcMethod[];
const sender = { frameUrl: 'http://127.0.0.1:1/', isMainFrame: true };

/** Every handler answers `reached`: what matters is whether the router let the call in. */
const handlers = Object.fromEntries(
  methods.map((m) => [
    m,
    async () => {
      throw new CodedFailure('reached');
    },
  ]),
) as unknown as IpcHandlers;

let dir: string;
let close: () => void;
let router: ReturnType<typeof createIpcRouter>;
let operators: ReturnType<typeof createOperatorsService>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-permissions-'));
  const db = openSecurityDatabase(join(dir, 'security.sqlite'), 0);
  close = () => db.close();
  const clock = { now: () => Date.now() };
  const audit = createAuditTrail({
    store: createSqliteAuditStore(db),
    key: Buffer.alloc(32, 1),
    clock,
  });
  operators = createOperatorsService({
    store: createSqliteOperatorStore(db),
    audit,
    clock,
    live: () => false,
  });
  router = createIpcRouter({
    handlers,
    isTrustedSender: () => true,
    authorize: (method) => operators.authorize(method),
  });
  await operators.enable({ operatorId: 'admin', displayName: 'Admin', secret: '111111' });
  await operators.accounts.create(
    { operatorId: 'cash', displayName: 'C', role: 'cashier', secret: '222222' },
    'admin',
  );
  await operators.accounts.create(
    { operatorId: 'sup', displayName: 'S', role: 'supervisor', secret: '333333' },
    'admin',
  );
});

afterAll(() => {
  close();
  rmSync(dir, { recursive: true, force: true });
});

const secrets: Record<Role, [string, string]> = {
  admin: ['admin', '111111'],
  supervisor: ['sup', '333333'],
  cashier: ['cash', '222222'],
};

const codeOf = async (method: IpcMethod) => {
  const answer = await router.dispatch(ipcContract[method].channel, validRequests[method], sender);
  return answer.ok ? 'ok' : answer.error.code;
};

describe('the permission table, enforced by the router for every channel × role', () => {
  it('has a rule for every channel of the contract, and nothing else', () => {
    expect(Object.keys(permissionTable).sort()).toEqual([...methods].sort());
  });

  it('is what docs/roles.md says (regenerate with npm run docs:roles)', () => {
    const doc = readFileSync(new URL('../../../../docs/roles.md', import.meta.url), 'utf8');
    expect(doc).toBe(rolesMarkdown());
  });

  for (const role of roleSchema.options) {
    it(`lets a ${role} through exactly the channels the table gives them`, async () => {
      await operators.signIn(...secrets[role]);
      for (const method of methods) {
        // Session channels change the session itself; they are open to anyone by rule.
        if (method.startsWith('session')) continue;
        const { access } = permissionTable[method];
        const expected =
          access === 'anyone'
            ? 'reached'
            : access === 'setup'
              ? 'operators-already-on'
              : hasRole(role, access)
                ? 'reached'
                : 'forbidden';
        expect(await codeOf(method), `${role} ${method}`).toBe(expected);
      }
    });
  }

  it('refuses everything but anyone-channels when signed out, and when locked', async () => {
    await operators.signIn('admin', '111111');
    operators.lock('key');
    for (const method of methods.filter((m) => permissionTable[m].access !== 'anyone')) {
      expect(await codeOf(method), method).toMatch(/^(locked|operators-already-on)$/);
    }
    operators.signOut();
    for (const method of methods.filter((m) => permissionTable[m].access !== 'anyone')) {
      expect(await codeOf(method), method).toMatch(/^(signed-out|operators-already-on)$/);
    }
  });
});
