/** @jest-config-loader-options {"transpileOnly": true} */
// Where Node cannot load this file itself (Node 20), Jest compiles it with ts-node: without type checking
// (npm run typecheck does that), which took seconds of every jest run.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from 'jest';

// ESM-only packages (msw's helpers, jose, PGlite's CJS build, light-my-request's cookie) must be
// transformed; the pattern looks past nested node_modules and matches .js, .mjs and .cjs.
const esmPackages = [
  'msw',
  '@mswjs',
  'rettime',
  'until-async',
  '@open-draft',
  'jose',
  'openid-client',
  'oauth4webapi',
  'oidc-provider',
  '@electric-sql',
  'cookie',
  'light-my-request',
  'set-cookie-parser',
  'content-disposition',
  '@fastify/cookie',
  // Octokit (the GitHub App) and its ESM-only helpers.
  '@octokit',
  'universal-user-agent',
  'before-after-hook',
  'universal-github-app-jwt',
  'toad-cache',
  'json-with-bigint',
  // @octokit/request's own ESM copy (node_modules/@octokit/request/node_modules/content-type).
  'content-type',
];

// npm scripts run jest from the package root; __dirname does not exist when Node 22+ loads this file as ESM.
/** react-markdown and remark-gfm (the board's item panel) and every ESM-only package of their unified/micromark tree. */
function esmDependencyTree(root: string): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const manifest = path.join(process.cwd(), 'node_modules', name, 'package.json');
    if (!existsSync(manifest)) return;
    for (const dependency of Object.keys(JSON.parse(readFileSync(manifest, 'utf8')).dependencies ?? {}))
      visit(dependency);
  };
  visit(root);
  return [...seen];
}
esmPackages.push(...esmDependencyTree('react-markdown'), ...esmDependencyTree('remark-gfm'));

const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const transformIgnorePatterns = [`node_modules/(?!(?:.*/node_modules/)?(?:${esmPackages.map(escape).join('|')})/)`];
const transform = {
  '^.+\\.(t|j|mj|cj)sx?$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }],
};

const config: Config = {
  projects: [
    {
      displayName: 'shared',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/__tests__/shared/**/*.test.ts'],
      transform,
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/__tests__/server/**/*.test.ts'],
      globalSetup: '<rootDir>/__tests__/server/helpers/globalSetup.ts',
      globalTeardown: '<rootDir>/__tests__/server/helpers/globalTeardown.ts',
      resolver: '<rootDir>/__tests__/server/helpers/importConditionResolver.cjs',
      setupFilesAfterEnv: ['<rootDir>/__tests__/server/helpers/setup.ts'],
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'client',
      testEnvironment: 'jest-fixed-jsdom',
      testMatch: ['<rootDir>/__tests__/client/**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/__tests__/client/helpers/setup.ts'],
      moduleNameMapper: { '\\.css$': '<rootDir>/__tests__/client/helpers/styleStub.ts' },
      // Markdown files are text, as webpack's asset/source gives them.
      transform: { ...transform, '\\.md$': '<rootDir>/__tests__/client/helpers/markdownTransform.cjs' },
      transformIgnorePatterns,
    },
  ],
};

export default config;
