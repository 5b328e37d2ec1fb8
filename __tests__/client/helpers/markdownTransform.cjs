/** Jest's stand-in for webpack's asset/source: a .md file imports as its text. */
module.exports = {
  process(source) {
    return { code: `module.exports = ${JSON.stringify(source)};` };
  },
};
