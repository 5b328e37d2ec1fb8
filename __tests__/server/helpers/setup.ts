// Each file builds an app on a fresh database: on a busy machine that alone can pass jest's 5 s.
jest.setTimeout(30_000);

// oidc-provider (the MCP authorization server) warns once per file that Node 20 is not its supported
// runtime; it works, docs/mcp.md says so, and the warning would bury real output.
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('oidc-provider WARNING: Unsupported runtime')) return;
  warn(...args);
};
