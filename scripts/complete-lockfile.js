#!/usr/bin/env node
// The npm registry mirror on our machines lacks some platform-specific optional packages (darwin/win32 builds
// of @swc/core, msgpackr-extract, unrs-resolver, ...). `npm install` then leaves them out of package-lock.json,
// and `npm ci` refuses a lock file that omits a declared optional dependency. This adds a platform-tagged entry
// for each such package, so `npm ci` skips it on other platforms exactly as it would with a complete lock file.
// Run after every `npm install`: node scripts/complete-lockfile.js
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];

const path = join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(path, 'utf8'));
const added = [];
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    const parts = name.split(/[/-]/);
    const os = OS.filter((value) => parts.includes(value) || (value === 'win32' && parts.includes('windows')));
    const cpu = CPU.filter((value) => parts.includes(value));
    lock.packages[`node_modules/${name}`] = {
      version: String(spec).replace(/^[\^~=]/, ''),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(os.length ? { os } : {}),
      ...(cpu.length ? { cpu } : {}),
    };
    added.push(name);
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `added ${added.length} optional platform entries: ${added.join(', ')}` : 'lock file already complete');
