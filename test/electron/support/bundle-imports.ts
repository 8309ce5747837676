import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * Import specifiers of a built ES module: static imports and re-exports (`… from "x"`),
 * side-effect imports (`import "x"`) and dynamic `import("x")` with a literal. Rollup writes
 * each at statement level in this plain form, which is what the patterns read.
 */
export function importsOf(code: string): string[] {
  const patterns = [
    /^\s*(?:import|export)\b[^;'"]*?\bfrom\s*["']([^"']+)["']/gm,
    /^\s*import\s*["']([^"']+)["']/gm,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1]!));
}

/**
 * Every bare import an entry loads, its chunks followed (a worker that loads a chunk loads
 * that chunk's imports too), each with the files that import it.
 */
export function bareImportsOf(entry: string): Map<string, string[]> {
  const bare = new Map<string, string[]>();
  const seen = new Set<string>();
  const root = dirname(entry);
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.') || specifier.startsWith('/')) {
        const target = resolve(dirname(file), specifier);
        if (!existsSync(target))
          throw new Error(`${file} imports ${specifier}, which is not built`);
        visit(target);
      } else {
        bare.set(specifier, [...(bare.get(specifier) ?? []), relative(root, file)]);
      }
    }
  };
  visit(entry);
  return bare;
}

/** The package a bare specifier loads: `pg`, `@scope/name`, from `pg/lib/x` and the like. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

export const isNodeBuiltin = (specifier: string): boolean =>
  specifier.startsWith('node:') || builtinModules.includes(packageOf(specifier));

/** The packages a packaged app ships: package.json's dependencies (never devDependencies). */
export function shippedDependencies(repoRoot: string): string[] {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return Object.keys(manifest.dependencies ?? {});
}
