/** The running build, as webpack stamped it (logBuild prints the same); "unknown" where nothing was stamped (tests). */
export function currentBuild(): { hash: string; date: string } {
  return {
    hash: typeof __BUILD_HASH__ === 'string' ? __BUILD_HASH__ : 'unknown',
    date: typeof __BUILD_DATE__ === 'string' ? __BUILD_DATE__ : 'unknown',
  };
}
