/** Names the build in the console so a bug report can say which one ran (spec §9). */
export function logBuild(buildDate: string, buildHash: string, log: (message: string) => void = console.info) {
  log(`Baton build ${buildHash} (${buildDate})`);
}
