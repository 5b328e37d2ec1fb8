// Every installed package must support each Node line package.json's engines names, at its oldest
// version: npm install would otherwise print EBADENGINE there (and the package may not work).
import { readFileSync } from 'node:fs';
import semver from 'semver';

const ownRange = JSON.parse(readFileSync('package.json', 'utf8')).engines.node;
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const oldestOfEachLine = new semver.Range(ownRange).set.map(
  (comparators) =>
    semver.minVersion(new semver.Range(comparators.map((comparator) => comparator.value).join(' '))).version,
);

const unsupported = [];
for (const [location, entry] of Object.entries(lock.packages)) {
  const wanted = entry.engines?.node;
  if (!location || !wanted) continue;
  const name = location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);
  for (const version of oldestOfEachLine)
    if (!semver.satisfies(version, wanted))
      unsupported.push(`${name}@${entry.version} wants node ${wanted}, not ${version}`);
}
if (unsupported.length > 0) {
  console.error(
    `Packages that do not support every Node line in engines (${ownRange}):\n  ${unsupported.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`Every package supports Node ${oldestOfEachLine.join(', ')} (engines: ${ownRange}).`);
