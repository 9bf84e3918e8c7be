// Fails when a package in the lockfile does not support every Node version package.json's
// engines.node promises, naming each (decision 042). npm only warns (EBADENGINE), and only about
// the Node version doing the install; this checks the whole promised range, on every platform's
// packages, before the tests run. Usage: node scripts/check-engines.mjs [project folder]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const root = process.argv[2] ?? '.';
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const promised = readJson('package.json').engines?.node;
if (!semver.validRange(promised)) {
  console.error(`package.json's engines.node (${JSON.stringify(promised)}) is not a version range.`);
  process.exit(1);
}

const problems = [];
let checked = 0;
for (const [where, entry] of Object.entries(readJson('package-lock.json').packages ?? {})) {
  const range = entry.engines?.node;
  if (!where || typeof range !== 'string') continue;
  checked++;
  const name = entry.name ?? where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
  const pkg = `${name}@${entry.version}${where === `node_modules/${name}` ? '' : ` (${where})`}`;
  if (!semver.validRange(range)) problems.push(`${pkg} wants node ${JSON.stringify(range)}, which is not a version range`);
  else if (!semver.subset(promised, range)) problems.push(`${pkg} wants node "${range}"`);
}

if (problems.length) {
  console.error(`package.json promises node "${promised}", but ${problems.length} package(s) in package-lock.json do not support all of it:`);
  for (const problem of problems) console.error(`  ${problem}`);
  console.error('Choose versions that do (npm view <package>@<version> engines; "overrides" in package.json), or change the promise.');
  process.exit(1);
}
console.log(`engines: the ${checked} packages in package-lock.json that name a Node range support node "${promised}".`);
