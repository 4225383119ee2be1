import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Probe files, linted as if they were files of the tree: the boundary and query-key rules must refuse them.
const eslint = new ESLint();

async function errorsOf(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('import boundaries', () => {
  it('refuses a relative import of another feature', async () => {
    const errors = await errorsOf(
      'src/client/features/journal/routes/probe.ts',
      "import { unitQuery } from '../../projects/api/get-unit';\nexport const probe = unitQuery;\n",
    );
    expect(errors.join('\n')).toMatch(/import-x\/no-restricted-paths: .*Features do not import each other/);
  });

  it('covers every feature folder, also one without an entry in the config', async () => {
    const errors = await errorsOf(
      'src/client/features/viewer/probe.ts',
      "import { unitQuery } from '../projects/api/get-unit';\nexport const probe = unitQuery;\n",
    );
    expect(errors.join('\n')).toMatch(/Features do not import each other/);
  });

  it('allows a feature its own files, components/ and lib/', async () => {
    const errors = await errorsOf(
      'src/client/features/projects/probe.ts',
      "import { unitQuery } from './api/get-unit';\nimport { apiRequest } from '../../lib/api-client';\nexport const probe = [unitQuery, apiRequest];\n",
    );
    expect(errors).toEqual([]);
  });

  it('keeps components/ and lib/ below features and app/', async () => {
    const errors = await errorsOf(
      'src/client/lib/probe.ts',
      "import { unitQuery } from '../features/projects/api/get-unit';\nexport const probe = unitQuery;\n",
    );
    expect(errors.join('\n')).toMatch(/components\/ and lib\/ are below features and app/);
  });

  it('keeps features below app/', async () => {
    const errors = await errorsOf(
      'src/client/features/tasks/probe.ts',
      "import { appRoutes } from '../../app/router';\nexport const probe = appRoutes;\n",
    );
    expect(errors.join('\n')).toMatch(/app\/ composes the features/);
  });

  it('refuses a server module import that closes a cycle between modules', async () => {
    // viewer imports workflow (state changes), so workflow importing the viewer would close a cycle.
    const errors = await errorsOf(
      'src/server/modules/workflow/probe.ts',
      "import { requireReviewUnit } from '../viewer/service';\nexport const probe = requireReviewUnit;\n",
    );
    expect(errors.join('\n')).toMatch(
      /planport\/server-module-cycles: Server modules import in one direction: workflow → viewer → .*workflow/,
    );
  });

  it('allows server imports downwards and type-only imports upwards', async () => {
    const errors = await errorsOf(
      'src/server/modules/viewer/probe.ts',
      "import { changeState } from '../workflow/service';\nexport const probe = changeState;\n",
    );
    expect(errors).toEqual([]);
    const typeOnly = await errorsOf(
      'src/server/modules/workflow/probe.ts',
      "import type { ReviewDecisionKind } from '../viewer/decision';\nexport type Probe = ReviewDecisionKind;\n",
    );
    expect(typeOnly).toEqual([]);
  });
});

describe('query keys', () => {
  it('refuses a query key written as an array literal outside lib/query-keys.ts', async () => {
    const errors = await errorsOf(
      'src/client/features/journal/api/probe.ts',
      [
        "import { useQuery, useQueryClient } from '@tanstack/react-query';",
        'export function useProbe(rootId: number) {',
        '  const client = useQueryClient();',
        "  void client.invalidateQueries({ queryKey: ['journal', rootId] as const });",
        "  client.setQueryData(['journal', rootId], null);",
        "  return useQuery({ queryKey: rootId ? ['journal', rootId] : ['journal'], queryFn: () => 1 });",
        '}',
        "const journalKeys = { all: ['journal'] as const };",
        'export const probe = journalKeys;',
        '',
      ].join('\n'),
    );
    expect(
      errors.filter((e) => e.startsWith('no-restricted-syntax: Query keys come from lib/query-keys.ts')),
    ).toHaveLength(4);
    expect(errors.join('\n')).toMatch(/no-restricted-syntax: Query keys are declared in lib\/query-keys.ts/);
  });

  it("allows the factories' keys, and literal keys in lib/query-keys.ts and in tests", async () => {
    const probe = [
      "import { useQuery } from '@tanstack/react-query';",
      "import { queryKeys, queryPrefixes } from '../../../lib/query-keys';",
      'export const useProbe = (rootId: number) =>',
      '  useQuery({ queryKey: queryKeys.journal.ofProject(rootId), queryFn: () => queryPrefixes.journal });',
      '',
    ].join('\n');
    expect(await errorsOf('src/client/features/journal/api/probe.ts', probe)).toEqual([]);
    const literal = "export const probe = { queryKey: ['journal', 1] };\n";
    expect(await errorsOf('src/client/features/journal/api/probe.test.ts', literal)).toEqual([]);
    expect(await errorsOf('src/client/lib/query-keys.ts', literal)).toEqual([]);
  });
});
