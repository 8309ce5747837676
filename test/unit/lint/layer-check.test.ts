import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterEach, describe, expect, it } from 'vitest';

// The real rule set of `npm run lint`, run on small fixture trees: it must stay quiet on a
// tree that keeps the layers and name the rule each wrong import breaks.
const config = createRequire(import.meta.url)('../../../.dependency-cruiser.cjs') as IConfiguration;

const trees: string[] = [];
afterEach(() => {
  for (const dir of trees.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Writes `files` (path → source) under a temp directory and cruises it with the real rules. */
async function violations(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'paydesk-layers-'));
  trees.push(root);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  const result = await cruise(['main', 'shared', 'renderer'], {
    baseDir: root,
    ruleSet: { forbidden: config.forbidden },
    validate: true,
    tsPreCompilationDeps: true,
  });
  if (typeof result.output === 'string') throw new Error('expected a cruise result object');
  return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

const layeredTree = {
  'shared/ipc.ts': 'export const channel = "sale";\n',
  'main/core/ports.ts':
    'import type { channel } from "../../shared/ipc";\nexport type C = typeof channel;\n',
  'main/core/platform/open.ts': 'export const open = 1;\n',
  'main/core/journal/journal.ts':
    'import { open } from "../platform/open";\nimport type { C } from "../ports";\nexport const j: C | number = open;\n',
  'main/core/payments/engine.ts': 'import { j } from "../journal/journal";\nexport const e = j;\n',
  'main/core/ipc/handlers.ts': 'import { e } from "../payments/engine";\nexport const h = e;\n',
  'main/core/app/create-core.ts': 'import { h } from "../ipc/handlers";\nexport const core = h;\n',
  'renderer/src/app.ts': 'import { channel } from "../../shared/ipc";\nexport const a = channel;\n',
};

describe('the layer check', () => {
  it('passes a tree whose folders import only layers below them', async () => {
    expect(await violations(layeredTree)).toEqual([]);
  });

  // Each row: a wrong import added to the clean tree, and the violation the check must report
  // (the start of its line: a folder loop is named from the folder where it was found).
  it.each<[string, Record<string, string>, string]>([
    [
      'an import of a higher layer, type-only imports included',
      {
        'main/core/journal/journal.ts':
          'import type { h } from "../ipc/handlers";\nexport type J = typeof h;\n',
      },
      'layer-2-journal: main/core/journal/journal.ts → main/core/ipc/handlers.ts',
    ],
    [
      'an import of a sibling in the same layer',
      {
        'main/core/settings/service.ts':
          'import { j } from "../journal/journal";\nexport const s = j;\n',
      },
      'layer-2-settings: main/core/settings/service.ts → main/core/journal/journal.ts',
    ],
    [
      'a folder-level loop between sub-folders of one feature',
      {
        'main/core/sandbox/pages/page.ts':
          'import { op } from "../operations/op";\nexport const p = op;\n',
        'main/core/sandbox/operations/op.ts': 'export const op = 1;\n',
        'main/core/sandbox/operations/other.ts':
          'import { p } from "../pages/page";\nexport const o = p;\n',
      },
      'no-folder-cycle: main/core/sandbox/pages',
    ],
    [
      'a renderer import outside renderer/ and shared/',
      {
        'renderer/src/codes.ts':
          'import type { C } from "../../main/core/ports";\nexport type X = C;\n',
      },
      'renderer-outside: renderer/src/codes.ts → main/core/ports.ts',
    ],
    [
      'a sandbox import from anywhere but the composition root',
      {
        'main/core/sandbox/index.ts': 'export const startSandbox = 1;\n',
        'main/core/payments/engine.ts':
          'import { startSandbox } from "../sandbox";\nexport const e = startSandbox;\n',
      },
      'sandbox-from-root-only: main/core/payments/engine.ts → main/core/sandbox/index.ts',
    ],
    [
      'a core folder the layer map does not place',
      {
        'main/core/misc/helpers.ts': 'export const m = 1;\n',
        'main/core/app/extra.ts': 'import { m } from "../misc/helpers";\nexport const x = m;\n',
      },
      'core-folder-unplaced: main/core/app/extra.ts → main/core/misc/helpers.ts',
    ],
  ])('fails %s', async (_what, wrong, expected) => {
    const found = await violations({ ...layeredTree, ...wrong });
    expect(found.some((line) => line.startsWith(expected))).toBe(true);
  });
});
