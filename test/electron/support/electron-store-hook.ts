import { registerHooks } from 'node:module';

// electron-store is loaded by Node itself, outside Vitest's module graph, so vi.mock does
// not reach its `import electron from 'electron'` (which would try to download Electron).
// This resolve hook hands it the fake Electron the test loaded (fake-electron.ts publishes
// it on globalThis), so its constructor's ipcMain listener is seen by the tests.
registerHooks({
  resolve(specifier, context, next) {
    if (specifier === 'electron') {
      return {
        url: 'data:text/javascript,export default globalThis.paydeskFakeElectron ?? {}',
        format: 'module',
        shortCircuit: true,
      };
    }
    return next(specifier, context);
  },
});
