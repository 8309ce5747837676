import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IpcEventName } from '../../../shared/ipc';
import type { Core } from '../../../main/core/app/core-adapters';
import {
  PrinterNoAnswer,
  type ReceiptOutput,
  type ReceiptPrintOptions,
} from '../../../main/core/receipts/receipt-output';
import {
  dispatch as call,
  frictionless,
  frictionlessSale as sale,
  startTestCore,
  valueOf as value,
} from '../../support/test-core';

let dataDir: string;
let cores: Core[];
let printed: ({ html: string } & ReceiptPrintOptions)[];
let saveAnswer: string | null;
let printerJammed: boolean;
let printerSilent: boolean;

const receipts: ReceiptOutput = {
  printers: async () => [{ name: 'Counter', isDefault: true }],
  print: async (html, options) => {
    if (printerJammed) throw new Error(`printer jammed while printing ${frictionless.number}`);
    if (printerSilent) throw new PrinterNoAnswer(60_000);
    printed.push({ html, ...options });
    return true;
  },
  pdf: async (html) => new TextEncoder().encode(`%PDF-1.7 ${html.length}`),
};

async function start(): Promise<Core> {
  const core = await startTestCore({
    dataDir,
    receipts,
    files: {
      choosePath: async ({ defaultName }) => (saveAnswer ? join(saveAnswer, defaultName) : null),
    },
  });
  cores.push(core);
  return core;
}

function listen(core: Core, ...names: IpcEventName[]) {
  const seen: string[] = [];
  for (const name of names) core.events.on(name, () => seen.push(name));
  return seen;
}

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-core-'));
  cores = [];
  printed = [];
  printerJammed = false;
  printerSilent = false;
  saveAnswer = join(dataDir, 'saved');
  mkdirSync(saveAnswer);
});
afterEach(async () => {
  for (const core of cores) await core.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('createCore', () => {
  it('runs a Training sale end to end through the router, with progress events and a journal row', async () => {
    const core = await start();
    const seen = listen(core, 'saleProgress');
    expect(await value(core, 'appInfo', {})).toMatchObject({ training: true });
    const result = await value(core, 'salePay', sale('CORE-1'));
    expect(result).toMatchObject({
      outcome: 'paid',
      card: { masked: expect.stringMatching(/^\d{6}\*+\d{4}$/) },
    });
    expect(seen.length).toBeGreaterThan(1);
    const history = await value(core, 'historySearch', { filters: {}, cursor: null, limit: 10 });
    expect(history.rows.map((row) => row.merchantReferenceId)).toEqual(['CORE-1']);
    const order = core.sandbox.inspect.orders().at(-1);
    expect(order?.captureCount).toBe(1);
  });

  it('prints and saves receipts of the attempt, marked as Training, and exports history as CSV', async () => {
    const core = await start();
    const { attemptId } = await value(core, 'salePay', sale('CORE-2'));
    expect(await value(core, 'receiptPrint', { attemptId, copy: 'merchant' })).toEqual({
      printed: true,
    });
    // The printing settings decide: the system dialog, one copy, an 80 mm roll.
    expect(printed[0]).toMatchObject({ silent: false, deviceName: null, copies: 1, paper: '80mm' });
    await value(core, 'settingsUpdate', {
      printing: {
        printerName: ' Counter ',
        silent: true,
        customerCopies: 2,
        merchantCopies: 0,
        paper: '58mm',
      },
    });
    await value(core, 'receiptPrint', { attemptId, copy: 'customer' });
    await value(core, 'receiptPrint', { attemptId, copy: 'merchant' });
    expect(printed.slice(1).map(({ html: _html, ...options }) => options)).toEqual([
      { silent: true, deviceName: 'Counter', copies: 2, paper: '58mm' },
      { silent: true, deviceName: 'Counter', copies: 1, paper: '58mm' },
    ]);
    expect(printed[1]?.html).toContain('inline-size: 48mm');
    expect(printed[0]?.html).toContain('TRAINING MODE');
    expect(printed[0]?.html).toContain('CORE-2');
    expect(printed[0]?.html).not.toContain(frictionless.number);

    const pdf = await value(core, 'receiptPdf', { attemptId, copy: 'customer' });
    expect(pdf.path).toBe(join(dataDir, 'saved', 'paydesk-CORE-2-customer.pdf'));
    expect(readFileSync(pdf.path ?? '', 'utf8')).toMatch(/^%PDF-/);

    const progress: number[] = [];
    core.events.on('historyExportProgress', (step) => progress.push(step.fraction));
    const csv = await value(core, 'historyExport', { filters: {} });
    expect(csv.rows).toBe(1);
    expect(csv.cancelled).toBe(false);
    expect(progress).toEqual([1]);
    expect(csv.path).toMatch(/paydesk-history-\d{8}\.csv$/);
    const text = readFileSync(csv.path ?? '', 'utf8');
    expect(text).toContain('CORE-2');
    expect(text).not.toContain(frictionless.number);
  });

  it('answers a dismissed save dialog with no path, and unknown attempts with a typed error', async () => {
    const core = await start();
    saveAnswer = null;
    expect(await value(core, 'historyExport', { filters: {} })).toEqual({
      path: null,
      rows: 0,
      cancelled: false,
    });
    expect(await value(core, 'historyExportCancel', {})).toEqual({ cancelled: false });
    for (const result of [
      await call(core, 'receiptPdf', { attemptId: 'no-such-attempt', copy: 'customer' }),
      await call(core, 'receiptPrint', { attemptId: 'no-such-attempt', copy: 'customer' }),
      await call(core, 'historyDetail', { attemptId: 'no-such-attempt' }),
    ]) {
      expect(result).toMatchObject({ ok: false, error: { code: 'attempt-not-found' } });
    }
  });

  it('keeps Training and live journals apart, and live mode needs merchant credentials', async () => {
    const core = await start();
    await value(core, 'salePay', sale('TRAIN-1'));
    const changed = listen(core, 'settingsChanged');
    await value(core, 'settingsUpdate', {
      environment: 'ksa',
      receiptHeader: { merchantName: 'Corner Shop', address: '', vatNumber: '' },
    });
    expect(changed).toEqual(['settingsChanged']);
    expect(await value(core, 'appInfo', {})).toMatchObject({ training: false });
    // Live mode requires operators: nothing moves money until the first admin exists.
    expect(await call(core, 'salePay', sale('LIVE-1'))).toMatchObject({
      ok: false,
      error: { code: 'operators-required' },
    });
    await value(core, 'operatorsEnable', {
      operatorId: 'amal',
      displayName: 'Amal Saeed',
      secret: '246810',
    });
    expect(
      await value(core, 'historySearch', { filters: {}, cursor: null, limit: 10 }),
    ).toMatchObject({ rows: [] });
    expect(await call(core, 'salePay', sale('LIVE-1'))).toMatchObject({
      ok: false,
      error: { code: 'credentials-missing' },
    });
    await value(core, 'settingsUpdate', { environment: 'training' });
    const back = await value(core, 'historySearch', { filters: {}, cursor: null, limit: 10 });
    expect(back.rows).toHaveLength(1);
  });

  it('keeps the journal and settings across a restart', async () => {
    const first = await start();
    await value(first, 'salePay', sale('KEEP-1'));
    await value(first, 'settingsUpdate', {
      language: 'ar',
      receiptHeader: { merchantName: 'Dar', address: '', vatNumber: '' },
    });
    await first.close();
    cores = [];
    const second = await start();
    expect(await value(second, 'settingsGet', {})).toMatchObject({
      settings: { language: 'ar' },
      warning: null,
    });
    const history = await value(second, 'historySearch', { filters: {}, cursor: null, limit: 10 });
    expect(history.rows[0]?.merchantReferenceId).toBe('KEEP-1');
  });

  it('starts on defaults with a warning when the settings file is corrupt', async () => {
    writeFileSync(join(dataDir, 'settings.json'), '{ this is not JSON');
    const core = await start();
    expect(await value(core, 'settingsGet', {})).toMatchObject({
      settings: { environment: 'training' },
      warning: 'settings-reset',
    });
    expect(await value(core, 'salePay', sale('AFTER-RESET'))).toMatchObject({ outcome: 'paid' });
  });

  it('reports a printer failure as a typed error and logs it without card data', async () => {
    const core = await start();
    const { attemptId } = await value(core, 'salePay', sale('PRN-1'));
    printerJammed = true;
    expect(await call(core, 'receiptPrint', { attemptId, copy: 'customer' })).toMatchObject({
      ok: false,
      error: { code: 'receipt-print-failed' },
    });
    const log = readFileSync(join(dataDir, 'paydesk.log'), 'utf8');
    expect(log).toContain('printer jammed');
    expect(log).not.toContain(frictionless.number);
  });

  it('says so by name when the printer never answers', async () => {
    const core = await start();
    const { attemptId } = await value(core, 'salePay', sale('PRN-2'));
    printerSilent = true;
    expect(await call(core, 'receiptPrint', { attemptId, copy: 'customer' })).toEqual({
      ok: false,
      error: { code: 'receipt-print-timeout', correlationId: null },
    });
  });
});
