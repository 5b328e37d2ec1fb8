import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { webcrypto } from 'node:crypto';

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
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
