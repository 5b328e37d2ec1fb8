/**
 * Jest resolves `require` with the "require" export condition. Some ESM-only packages (Octokit's
 * helpers) export only under "import"; when the usual resolution fails, resolve them as Node's own
 * `import` does. @swc/jest then transforms them like the other ESM-only packages in jest.config.ts.
 */
module.exports = (request, options) => {
  try {
    return options.defaultResolver(request, options);
  } catch (error) {
    try {
      return options.defaultResolver(request, { ...options, conditions: ['import', 'node', 'default'] });
    } catch {
      throw error;
    }
  }
};
