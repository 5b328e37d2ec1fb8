import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { webcrypto } from 'node:crypto';
import { format } from 'node:util';

// A whole user flow typed key by key takes seconds on a busy machine; jest ignores a project's testTimeout.
jest.setTimeout(15_000);
// A file's first render compiles its lazy routes; under CI's load (the Node 24 run) that outlasted findBy's 1 s default.
configure({ asyncUtilTimeout: 5_000 });

// jsdom's crypto has getRandomValues but no subtle; PKCE challenges and OIDC nonces need SHA-256.
if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
}

// jsdom has no layout, so no ResizeObserver; the command palette (cmdk) observes its list's size.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
// …nor scrollIntoView, which cmdk calls on the selected command.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

import { server } from './server';
import { mockBackend } from './handlers/mockBackend';
import { teamsBackend } from './handlers/teams';
import { accountBackend } from './handlers/account';
import { planBackend } from './handlers/planBackend';
import { agentBackend } from './handlers/agent';
import { githubBackend } from './handlers/github';
import { contextBackend } from './handlers/contextItems';
import { handoffBackend } from './handlers/handoff';
import { mcpBackend } from './handlers/mcp';
import { commentsBackend } from './handlers/comments';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  mockBackend.reset();
  teamsBackend.reset();
  accountBackend.reset();
  planBackend.reset();
  agentBackend.reset();
  githubBackend.reset();
  contextBackend.reset();
  handoffBackend.reset();
  mcpBackend.reset();
  commentsBackend.reset();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// React's warnings (an update outside act(), a missing key) and jsdom's "not implemented" errors fail
// the test that caused them: each one hides a test that does not wait for what it causes.
const consoleError = console.error.bind(console);
let warnings: string[] = [];
console.error = (...args: unknown[]) => {
  const text = format(...args);
  if (/not wrapped in act|Each child in a list should have a unique "key"|Not implemented:/.test(text))
    warnings.push(text.split('\n')[0]!);
  consoleError(...args);
};
beforeEach(() => {
  warnings = [];
});
afterEach(() => {
  if (warnings.length > 0) throw new Error(`The test caused React or jsdom warnings:\n${warnings.join('\n')}`);
});
