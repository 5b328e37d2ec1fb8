import { shareNamedTypes } from '../../scripts/codegenSharedTypes';

const note = '// Generated. Do not edit.';
const timeframe = '/** A span and an index. */\nexport type Timeframe = {\n  span: number;\n  index: number;\n};';

describe('codegen: named types written once', () => {
  it('moves each named type into the shared file, and each group imports and re-exports it', () => {
    const items = `${note}\nexport type ItemApiResponse = { when: Timeframe };\n${timeframe}\nexport type Local = { a: 1 };\n`;
    const projects = `${note}\nexport type ProjectApiResponse = Timeframe[];\n${timeframe}\n`;
    const account = `${note}\nexport type PlanApiResponse = { id: string };\n`;
    const { schemas, files } = shareNamedTypes(
      [
        { file: 'items.gen.ts', code: items },
        { file: 'projects.gen.ts', code: projects },
        { file: 'account.gen.ts', code: account },
      ],
      ['Timeframe', 'Unused'],
    );
    expect(schemas).toBe(timeframe);
    expect(files[0]!.code).toBe(
      `${note}\nimport type { Timeframe } from './schemas.gen';\nexport type ItemApiResponse = { when: Timeframe };\nexport type Local = { a: 1 };\n\nexport type * from './schemas.gen';\n`,
    );
    expect(files[1]!.code).not.toMatch(/export type Timeframe =/);
    // A group that uses no named type is left as generated.
    expect(files[2]!.code).toBe(account);
  });

  it('refuses a named type generated two different ways', () => {
    const other = timeframe.replace('index: number', 'index: string');
    expect(() =>
      shareNamedTypes(
        [
          { file: 'a.gen.ts', code: `${note}\n${timeframe}\n` },
          { file: 'b.gen.ts', code: `${note}\n${other}\n` },
        ],
        ['Timeframe'],
      ),
    ).toThrow('Timeframe is generated differently in b.gen.ts');
  });
});
