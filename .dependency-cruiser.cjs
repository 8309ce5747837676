// The layer check (`npm run lint`): main/core's folders import only from layers below their
// own, never a sibling of their layer, type-only imports included (docs/design.md §1 has
// the map). dependency-cruiser rather than an ESLint boundaries rule because it resolves
// every import once for the whole tree, counts `import type` when told to, and checks
// folder-level cycles itself (`scope: 'folder'`), which a per-file lint rule cannot see.
const layers = [
  // L0: the contract and rules (shared/, outside main/core), the ports, the coded failure.
  ['ports.ts', 'coded-failure.ts', 'html'],
  ['platform', 'logging', 'gateway', 'challenge', 'receipts', 'sandbox'],
  ['journal', 'settings'],
  ['payments', 'audit'],
  ['operators', 'shifts', 'customers'],
  ['links', 'store', 'reader'],
  ['ipc'],
  ['app'],
];

const escape = (name) => name.replace(/[.]/g, '\\.');
const unit = (name) =>
  name.endsWith('.ts') ? `^main/core/${escape(name)}$` : `^main/core/${name}/`;
const known = layers.flat();

const layerRules = layers.flatMap((folders, level) =>
  folders.flatMap((folder) => {
    const sameOrAbove = layers
      .slice(level)
      .flat()
      .filter((other) => other !== folder);
    if (sameOrAbove.length === 0) return [];
    return {
      name: `layer-${level}-${folder.replace('.ts', '')}`,
      comment:
        `main/core/${folder} is layer L${level}: it may import only from layers below ` +
        `(never ${sameOrAbove.join(', ')}).`,
      severity: 'error',
      from: { path: unit(folder) },
      to: { path: sameOrAbove.map(unit) },
    };
  }),
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'sandbox-from-root-only',
      comment:
        'The Training sandbox is a gateway of its own: only the composition root (and the ' +
        'preview host and tests) start it; the core talks to it over HTTP like any gateway.',
      severity: 'error',
      from: { path: '^main/core/', pathNot: '^main/core/(app|sandbox)/' },
      to: { path: '^main/core/sandbox/' },
    },
    {
      name: 'core-folder-unplaced',
      comment: `Every folder of main/core has a layer: add a new one to .dependency-cruiser.cjs.`,
      severity: 'error',
      from: { path: '^main/core/' },
      to: { path: '^main/core/', pathNot: known.map(unit) },
    },
    {
      name: 'no-folder-cycle',
      comment: 'Folders of main/core (and their sub-folders) import each other one way only.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^main/core/' },
      to: { circular: true },
    },
    {
      name: 'renderer-outside',
      comment: 'The renderer imports only renderer/ and shared/ (and packages).',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: '^(main|preload|test|build)/' },
    },
    {
      name: 'shared-outside',
      comment: 'shared/ is imported by both sides and imports neither.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(main|renderer|preload|test|build)/' },
    },
    {
      name: 'core-outside',
      comment: 'main/core runs without the shell: it imports only main/core and shared/.',
      severity: 'error',
      from: { path: '^main/core/' },
      to: { path: '^(main/(electron|preview|index)|renderer|preload|test|build)' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    moduleSystems: ['es6', 'cjs'],
  },
};
