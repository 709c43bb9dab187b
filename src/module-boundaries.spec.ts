import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The module boundaries of .dependency-cruiser.cjs (run by `npm run lint`) refuse what ARCHITECTURE.md forbids:
 * probe files with one wrong import each are written into src/, cruised, and removed.
 */
describe('module boundaries', () => {
  const root = join(__dirname, '..');
  const probe = `boundary-probe-${process.pid}`;
  const probes: Record<string, string> = {
    [`src/formats/${probe}.ts`]: "import { Injectable } from '@nestjs/common';\nexport const a = Injectable;\n",
    [`src/core/${probe}.ts`]: "import { User } from '../users/user.entity';\nexport const b = User;\n",
    [`src/hooks/${probe}.ts`]: "import { ComponentsRepository } from '../components/components.repository';\nexport const c = ComponentsRepository;\n",
    [`src/labels/${probe}-a.ts`]: `import { e } from './${probe}-b';\nexport const d = () => e;\n`,
    [`src/labels/${probe}-b.ts`]: `import { d } from './${probe}-a';\nexport const e = () => d;\n`,
    // Allowed: another module's lookup service and its context type.
    [`src/exports/${probe}.ts`]: "import { ComponentLookup } from '../components/component-lookup';\nexport const f = ComponentLookup;\n",
  };

  afterAll(() => Object.keys(probes).forEach((path) => rmSync(join(root, path), { force: true })));

  it('reports each wrong import under its rule, and nothing for an allowed one', () => {
    for (const [path, text] of Object.entries(probes)) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    const out = execFileSync(join(root, 'node_modules/.bin/depcruise'), [...Object.keys(probes), '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
      cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024,
    });
    const violations: { rule: { name: string }; from: string }[] = JSON.parse(out).summary.violations;
    const found = violations.filter((violation) => violation.from.includes(probe)).map((violation) => [violation.rule.name, violation.from]).sort();
    expect(found).toEqual([
      ['infrastructure-knows-no-domain', `src/core/${probe}.ts`],
      ['libraries-are-pure', `src/formats/${probe}.ts`],
      // A cycle is reported once, from where the cruise entered it.
      ['no-circular', `src/labels/${probe}-a.ts`],
      ['repositories-stay-in-their-module', `src/hooks/${probe}.ts`],
    ]);
  });

  it('keeps queries in repositories, DRF messages in the field rules and permission checks in rules (ESLint)', () => {
    const query = "export const q = (manager: { query(sql: string): Promise<unknown> }) => manager.query('SELECT 1');\n";
    const lintProbes: Record<string, string> = {
      [`src/labels/${probe}-sql.ts`]: query,
      [`src/labels/${probe}-message.ts`]: "export const m = 'This field is required.';\n",
      [`src/labels/${probe}-permission.ts`]: "export const p = (permissions: { can(codename: string): boolean }) => permissions.can('unit.edit');\n",
      // Allowed: the same query in a repository.
      [`src/labels/${probe}.repository.ts`]: query,
    };
    Object.assign(probes, lintProbes);
    for (const [path, text] of Object.entries(lintProbes)) writeFileSync(join(root, path), text);
    let out = '';
    try {
      execFileSync(join(root, 'node_modules/.bin/eslint'), ['--format', 'json', ...Object.keys(lintProbes)], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    } catch (error) {
      out = (error as { stdout: string }).stdout;
    }
    const results: { filePath: string; messages: { ruleId: string; message: string }[] }[] = JSON.parse(out);
    const found = results.flatMap((result) => result.messages.map((message) => [result.filePath.slice(root.length + 1), message.message])).sort();
    expect(found).toEqual([
      [`src/labels/${probe}-message.ts`, 'Use MESSAGES from src/core/validation/field-rules.ts.'],
      [`src/labels/${probe}-permission.ts`, "'can' is restricted from being used. Declare an object rule (objectRule in a *.rules.ts) and check it with allows/demand."],
      [`src/labels/${probe}-sql.ts`, "Queries belong in the module's repository (*.repository.ts)."],
    ]);
  });
});
