import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const documents = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

describe('the repository docs stand alone', () => {
  it.each(documents)('%s cites no file from outside the repository', (document) => {
    const text = readFileSync(join(root, document), 'utf8');
    // The shared notes are upper-case names; the repository's own docs are lower-case.
    expect(text).not.toMatch(/GATEWAY(-MORE)?\.md|ARABIC\.md|DESIGN\.md/);
    expect(text).not.toMatch(/seeds\/|\bthe seed\b|seed §/i);
  });

  it.each(documents)('%s links only to files that exist', (document) => {
    const text = readFileSync(join(root, document), 'utf8');
    const linked = [...text.matchAll(/\]\((?!https?:|#|mailto:)([^)#\s]+)/g)].map((m) => m[1]!);
    const named = [
      ...text.matchAll(/`((?:docs|main|renderer|shared|test|build)\/[\w./-]+\.\w+)`/g),
    ].map((m) => m[1]!);
    const base = document.startsWith('docs/') ? join(root, 'docs') : root;
    for (const path of linked) expect(existsSync(join(base, path)), path).toBe(true);
    for (const path of named) expect(existsSync(join(root, path)), path).toBe(true);
  });
});
