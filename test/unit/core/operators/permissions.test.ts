import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipcContract, type IpcMethod } from '../../../../shared/ipc';
import { roleSchema, type Role } from '../../../../shared/ipc-security';
import { createAuditTrail } from '../../../../main/core/audit/audit-trail';
import { createSqliteAuditStore } from '../../../../main/core/audit/sqlite-audit-store';
import { createIpcRouter, IpcFailure, type IpcHandlers } from '../../../../main/core/ipc/router';
import { createOperatorsService } from '../../../../main/core/operators/operators-service';
import { hasRole, permissionTable } from '../../../../main/core/operators/permissions';
import { rolesMarkdown } from '../../../../main/core/operators/roles-doc';
import { openSecurityDatabase } from '../../../../main/core/operators/security-database';
import { createSqliteOperatorStore } from '../../../../main/core/operators/sqlite-operator-store';

const methods = Object.keys(ipcContract) as IpcMethod[];
const sender = { frameUrl: 'http://127.0.0.1:1/', isMainFrame: true };

/** Every handler answers `reached`: what matters is whether the router let the call in. */
const handlers = Object.fromEntries(
  methods.map((m) => [
    m,
    async () => {
      throw new IpcFailure('reached', 'handler ran');
    },
  ]),
) as unknown as IpcHandlers;

/** A request each schema accepts, so only the permission check decides. */
const minimal: Partial<Record<IpcMethod, unknown>> = {
  salePrepare: { amount: '1', currency: 'SAR' },
  salePay: {
    amount: '1',
    currency: 'SAR',
    merchantReferenceId: 'R',
    card: { number: '', expiry: '', cvv: '', holderName: '' },
    customerPhone: null,
  },
  saleCardCheck: { amount: '1', currency: 'SAR', merchantReferenceId: 'R', cardNumber: '' },
  historySearch: { filters: {}, cursor: null, limit: 1 },
  historyDetail: { attemptId: 'a' },
  historyExport: { filters: {} },
  orderRefund: { attemptId: 'a' },
  holdCapture: { attemptId: 'a' },
  holdRelease: { attemptId: 'a' },
  attemptCheck: { attemptId: 'a' },
  receiptPrint: { attemptId: 'a', copy: 'customer' },
  receiptPdf: { attemptId: 'a', copy: 'customer' },
  credentialsSet: { merchantPublicKey: 'k', apiPassword: 'p' },
  sessionSignIn: { operatorId: 'x', secret: 'y' },
  operatorsEnable: { operatorId: 'xx', displayName: 'X', secret: '123456' },
  operatorsCreate: { operatorId: 'xx', displayName: 'X', role: 'cashier', secret: '123456' },
  operatorsUpdate: { operatorId: 'xx' },
  operatorsUnlock: { operatorId: 'xx' },
  auditSearch: { filters: {}, beforeSeq: null, limit: 1 },
  auditExport: { filters: {} },
  shiftReport: { reconcile: false },
  shiftAcknowledge: { attemptId: 'a' },
  shiftAdopt: { orderId: 'o' },
  zReportGet: { zNumber: 1 },
  shiftPrint: { report: { kind: 'X' } },
  shiftSave: { report: { kind: 'X' }, format: 'csv' },
  linkCreate: {
    amount: '1',
    currency: 'SAR',
    merchantReferenceId: 'R',
    description: '',
    phone: null,
    email: null,
    expiryHours: 24,
    authorizeOnly: false,
  },
  linkResend: { linkId: 'l' },
  linkCancel: { linkId: 'l' },
  linkGet: { linkId: 'l' },
  linkList: { limit: 1 },
  storeStatus: {},
  storeSettings: {},
  storeConfigure: {
    connection: {
      host: '127.0.0.1',
      port: 5432,
      database: 'paydesk',
      user: 'counter',
      tls: 'off',
      counterId: 'front-1',
      counterName: 'Front desk',
    },
    password: null,
  },
  storeMigrate: {},
  storeHistory: { filters: {}, cursor: null, limit: 20 },
  storeEndOfDay: { date: '2026-11-23' },
  storeEndOfDaySave: { date: '2026-11-23' },
};

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
  const answer = await router.dispatch(ipcContract[method].channel, minimal[method] ?? {}, sender);
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
