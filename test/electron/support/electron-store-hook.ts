import { registerHooks } from 'node:module';

// electron-store is loaded by Node itself, outside Vitest's module graph, so vi.mock does
// not reach its `import electron from 'electron'` (which would try to download Electron).
// This resolve hook hands it an empty module instead; our adapter passes an absolute `cwd`,
// the only thing electron-store otherwise asks Electron for.
registerHooks({
  resolve(specifier, context, next) {
    if (specifier === 'electron') {
      return {
        url: 'data:text/javascript,export default {}',
        format: 'module',
        shortCircuit: true,
      };
    }
    return next(specifier, context);
  },
});
