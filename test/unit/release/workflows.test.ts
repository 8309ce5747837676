import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Arch, getArchSuffix } from 'electron-builder';
import { parseDocument } from 'yaml';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBuilderConfig, repoRoot } from './electron-builder-internals';

const stepSchema = z.object({
  name: z.string().optional(),
  uses: z.string().optional(),
  run: z.string().optional(),
  if: z.string().optional(),
  env: z.record(z.string(), z.string()).optional(),
  with: z.record(z.string(), z.unknown()).optional(),
});
type Step = z.infer<typeof stepSchema>;

const jobSchema = z.object({
  'runs-on': z.string(),
  needs: z.union([z.string(), z.array(z.string())]).optional(),
  if: z.string().optional(),
  permissions: z.record(z.string(), z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
  strategy: z
    .object({ matrix: z.object({ include: z.array(z.record(z.string(), z.string())) }) })
    .optional(),
  steps: z.array(stepSchema).min(1),
});
type Job = z.infer<typeof jobSchema>;

const workflowSchema = z.object({
  name: z.string(),
  on: z.looseObject({ push: z.object({ tags: z.array(z.string()).optional() }).optional() }),
  permissions: z.record(z.string(), z.string()),
  env: z.record(z.string(), z.string()).optional(),
  jobs: z.record(z.string(), jobSchema),
});
type Workflow = z.infer<typeof workflowSchema>;

/** One matrix leg of a job, with `${{ matrix.x }}` filled in as GitHub would. */
interface Leg {
  job: string;
  runner: string;
  matrix: Record<string, string>;
  steps: Step[];
}

/** `as` maps a value before it goes in (the steps are filled as JSON text, so escaped). */
function fillMatrix(
  text: string,
  matrix: Record<string, string>,
  as: (value: string) => string = (value) => value,
): string {
  return text.replace(/\$\{\{\s*matrix\.([\w-]+)\s*\}\}/g, (_whole, key: string) =>
    as(matrix[key] ?? `<no ${key}>`),
  );
}

const inJsonText = (value: string) => JSON.stringify(value).slice(1, -1);

/** The paths an upload step takes: one per line of its `path`. */
const uploaded = (step: Step): string[] =>
  String(step.with?.path ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

function legsOf(workflow: Workflow): Leg[] {
  return Object.entries(workflow.jobs).flatMap(([job, definition]) =>
    (definition.strategy?.matrix.include ?? [{}]).map((matrix) => ({
      job,
      runner: fillMatrix(definition['runs-on'], matrix),
      matrix,
      steps: z
        .array(stepSchema)
        .parse(JSON.parse(fillMatrix(JSON.stringify(definition.steps), matrix, inJsonText))),
    })),
  );
}

function stepIndex(steps: Step[], matches: (step: Step) => boolean, what: string): number {
  const index = steps.findIndex(matches);
  if (index < 0) throw new Error(`no step that ${what}`);
  return index;
}

const electronSmokeTest = 'playwright test -c playwright.electron.config.ts';
const workflowDir = join(repoRoot, '.github/workflows');

describe('GitHub workflows', () => {
  let workflows: Workflow[];
  let legs: Leg[];
  let jobs: Array<[string, Job]>;

  beforeAll(() => {
    const files = readdirSync(workflowDir).filter((file) => /\.ya?ml$/.test(file));
    expect(files.length).toBeGreaterThan(0);
    workflows = files.map((file) => {
      const document = parseDocument(readFileSync(join(workflowDir, file), 'utf8'));
      expect([...document.errors, ...document.warnings], file).toEqual([]);
      return workflowSchema.parse(document.toJS());
    });
    legs = workflows.flatMap(legsOf);
    jobs = workflows.flatMap((workflow) => Object.entries(workflow.jobs));
  });

  it('run the test suite through .ci/run on ubuntu-latest', () => {
    const ubuntu = legs.filter((leg) => leg.runner === 'ubuntu-latest');
    expect(
      ubuntu.some((leg) => leg.steps.some((step) => step.run?.trim() === 'bash .ci/run')),
    ).toBe(true);
  });

  describe.each([
    ['windows-latest', 'win', 'exe', ['latest.yml', '*.exe.blockmap']],
    ['macos-latest', 'mac', 'dmg', ['latest-mac.yml', '*.zip', '*.zip.blockmap']],
  ] as const)('on %s', (runner, platform, installerExtension, updateFiles) => {
    let leg: Leg;
    beforeAll(() => {
      const found = legs.find((candidate) => candidate.runner === runner);
      if (!found) throw new Error(`no job runs on ${runner}`);
      leg = found;
    });

    it('smoke-tests Electron, builds installers, smoke-tests the package, uploads installers', async () => {
      const shipped = await loadBuilderConfig(repoRoot, 'electron-builder.yml');
      const e2e = await loadBuilderConfig(repoRoot, 'electron-builder.e2e.yml');
      const arch = leg.matrix.arch ?? 'x64';
      const productName = String(shipped.productName);
      const unpacked = `${e2e.directories?.output}/${platform}${getArchSuffix(Arch[arch as keyof typeof Arch])}`;
      const executable =
        platform === 'win'
          ? `${unpacked}-unpacked/${productName}.exe`
          : `${unpacked}/${productName}.app/Contents/MacOS/${productName}`;
      const { steps } = leg;

      const devSmoke = stepIndex(
        steps,
        (step) =>
          Boolean(step.run?.includes(electronSmokeTest)) && !step.env?.PAYDESK_ELECTRON_EXECUTABLE,
        'smoke-tests the development build',
      );
      const installers = stepIndex(
        steps,
        (step) =>
          Boolean(
            step.run?.match(
              new RegExp(`package\\.ts --platform ${platform}\\s+--flavour "\\$FLAVOUR"`),
            ),
          ),
        'builds installers',
      );
      const e2eBuild = stepIndex(
        steps,
        (step) =>
          Boolean(
            step.run?.match(
              new RegExp(`package\\.ts --platform ${platform}\\s+--flavour e2e --arch ${arch}`),
            ),
          ),
        'builds the e2e flavour',
      );
      const packagedSmoke = stepIndex(
        steps,
        (step) =>
          Boolean(step.run?.includes(electronSmokeTest)) &&
          step.env?.PAYDESK_ELECTRON_EXECUTABLE === `\${{ github.workspace }}/${executable}`,
        `smoke-tests ${executable}`,
      );
      const upload = stepIndex(
        steps,
        (step) =>
          Boolean(step.uses?.startsWith('actions/upload-artifact@')) &&
          uploaded(step).includes(`${shipped.directories?.output}/*.${installerExtension}`),
        `uploads the .${installerExtension} installers`,
      );
      // And what installed counters update from, for the GitHub release and the update server.
      expect(uploaded(steps[upload]!)).toEqual(
        expect.arrayContaining(updateFiles.map((file) => `${shipped.directories?.output}/${file}`)),
      );

      expect(devSmoke).toBeLessThan(installers);
      expect(e2eBuild).toBeLessThan(packagedSmoke);
      expect(Math.max(installers, packagedSmoke)).toBeLessThan(upload);
    });
  });

  it('publish a GitHub release with the installers when a v* tag is pushed', () => {
    const tagged = workflows.filter((workflow) => workflow.on.push?.tags?.includes('v*'));
    expect(tagged.length).toBeGreaterThan(0);
    const releases = tagged.flatMap((workflow) =>
      Object.entries(workflow.jobs).filter(([, job]) =>
        job.if?.includes("startsWith(github.ref, 'refs/tags/v')"),
      ),
    );
    expect(releases.length).toBe(1);
    const [, release] = releases[0] ?? ['', undefined];
    const needs = [release?.needs ?? []].flat();
    const packagers = legs.filter((leg) => leg.runner !== 'ubuntu-latest').map((leg) => leg.job);
    const testers = legs
      .filter((leg) => leg.steps.some((step) => step.run?.includes('.ci/run')))
      .map((leg) => leg.job);
    expect(needs).toEqual(expect.arrayContaining([...new Set([...packagers, ...testers])]));
    expect(release?.permissions?.contents).toBe('write');
    expect(release?.steps.some((step) => step.uses?.startsWith('actions/download-artifact@'))).toBe(
      true,
    );
    expect(release?.steps.some((step) => step.run?.includes('gh release create'))).toBe(true);
  });

  it('grant read-only repository access unless a job asks for more', () => {
    for (const workflow of workflows) expect(workflow.permissions).toEqual({ contents: 'read' });
  });

  it('pin every action to a version', () => {
    const uses = jobs.flatMap(([, job]) =>
      job.steps.flatMap((step) => (step.uses ? [step.uses] : [])),
    );
    expect(uses.length).toBeGreaterThan(0);
    for (const action of uses) expect(action).toMatch(/^[\w.-]+\/[\w./-]+@[\w.-]+$/);
  });

  it('hand signing secrets to the installer step only, each platform only its own', () => {
    for (const workflow of workflows) {
      expect(JSON.stringify(workflow.env ?? {})).not.toContain('secrets.');
      for (const [name, job] of Object.entries(workflow.jobs)) {
        expect(JSON.stringify(job.env ?? {}), name).not.toContain('secrets.');
        for (const step of job.steps) {
          const secrets = Object.values(step.env ?? {}).filter((value) =>
            value.includes('secrets.'),
          );
          if (secrets.length === 0) continue;
          expect(step.run).toMatch(/package\.ts .*--flavour "\$FLAVOUR"/s);
          for (const value of secrets)
            expect(value).toMatch(/matrix\.platform == '(win|mac)' && secrets\./);
        }
      }
    }
  });
});
