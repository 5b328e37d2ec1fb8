import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const clientDir = path.resolve(__dirname, '../../../src/client');
const forbidden = [
  'react-router',
  'react-router-dom',
  '@reduxjs/toolkit',
  'react-redux',
  'redux-persist',
  path.join(clientDir, 'app'),
  path.join(clientDir, 'api'),
];

/** Follows relative imports from a file and returns every module it reaches (files and packages). */
function reachableModules(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const source = readFileSync(entry, 'utf8');
  for (const [, specifier] of source.matchAll(
    /(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*(?:\/\*.*?\*\/\s*)?['"]([^'"]+)['"]/g,
  )) {
    if (!specifier) continue;
    if (!specifier.startsWith('.')) {
      seen.add(specifier);
      continue;
    }
    const base = path.resolve(path.dirname(entry), specifier);
    const file = ['.tsx', '.ts', '/index.ts', '/index.tsx', '']
      .map((ext) => base + ext)
      .find((candidate) => existsSync(candidate) && !candidate.endsWith('/'));
    if (file && /\.tsx?$/.test(file)) reachableModules(file, seen);
    else seen.add(base);
  }
  return seen;
}

test('the main content site stays small: no router, store, RTK or redux-persist', () => {
  const modules = [...reachableModules(path.join(clientDir, 'sites/main-content/MainContentSite.tsx'))];
  const offending = modules.filter((module) => forbidden.some((bad) => module === bad || module.startsWith(`${bad}/`)));
  expect(offending).toEqual([]);
  expect(modules).toContain('react');
});
