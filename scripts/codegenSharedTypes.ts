/**
 * RTK Query's generator writes every named type (an OpenAPI component, a contract `$id`) into each group
 * file that uses it. This moves them into one file, `schemas.gen.ts`, so each type is written once; each
 * group file imports the ones it uses and exports them again, so `import type { Item } from './items.gen'`
 * keeps working.
 */
import ts from 'typescript';

interface GroupCode {
  file: string;
  code: string;
}

/** The top-level `export type <Name> = …;` declarations of `names`, with their doc comments. */
function namedDeclarations(code: string, names: ReadonlySet<string>) {
  const source = ts.createSourceFile('group.ts', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  return source.statements
    .filter((statement): statement is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(statement))
    .filter((declaration) => names.has(declaration.name.text))
    .map((declaration) => ({
      name: declaration.name.text,
      start: declaration.getFullStart(),
      end: declaration.getEnd(),
      text: declaration.getFullText(source).trim(),
    }));
}

export function shareNamedTypes(groups: GroupCode[], componentNames: Iterable<string>) {
  const names = new Set(componentNames);
  const shared = new Map<string, string>();
  const groupsWithout = groups.map(({ file, code }) => {
    const declarations = namedDeclarations(code, names);
    for (const { name, text } of declarations) {
      const known = shared.get(name);
      if (known !== undefined && known !== text) throw new Error(`${name} is generated differently in ${file}`);
      shared.set(name, text);
    }
    let rest = code;
    for (const { start, end } of [...declarations].reverse()) rest = rest.slice(0, start) + rest.slice(end);
    return { file, code: rest };
  });
  // A shared type may name another that only other groups declared: all of them live in the one file.
  const sharedNames = [...shared.keys()].sort();
  const schemas = sharedNames.map((name) => shared.get(name)!).join('\n');
  const files = groupsWithout.map(({ file, code }) => {
    const used = sharedNames.filter((name) => new RegExp(`\\b${name}\\b`).test(code));
    if (used.length === 0) return { file, code };
    const list = used.join(', ');
    const [header, ...body] = code.split('\n');
    return {
      file,
      code: [
        header,
        `import type { ${list} } from './schemas.gen';`,
        ...body,
        "export type * from './schemas.gen';",
        '',
      ].join('\n'),
    };
  });
  return { schemas, files };
}
