#!/usr/bin/env node
// Regenerates src/languages/data/languages.json from a checkout of the language-data CSV files (MIT):
//   node scripts/generate-language-data.js <language-data checkout>/
const { readFileSync, writeFileSync, copyFileSync } = require('node:fs');
const { join } = require('node:path');
const { parse } = require('csv-parse/sync');

const source = process.argv[2];
if (!source) {
  console.error('usage: generate-language-data.js <language-data directory>');
  process.exit(2);
}
const rows = (file) => parse(readFileSync(join(source, file)), { columns: true, skip_empty_lines: true, comment: '#', comment_no_infix: true, relax_column_count: true });

const population = new Map(rows('population.csv').map((row) => [row.code, Number(row.population)]));
const rtl = new Set(rows('rtl.csv').map((row) => row.code));
const aliases = new Map();
for (const row of rows('aliases.csv')) {
  if (!aliases.has(row.target)) aliases.set(row.target, []);
  aliases.get(row.target).push(row.source);
}

const languages = rows('languages.csv').map((row) => ({
  code: row.code,
  name: row.name,
  direction: rtl.has(row.code) ? 'rtl' : 'ltr',
  population: population.get(row.code) ?? 0,
  plural: { number: Number(row.nplurals), formula: row.formula },
  aliases: (aliases.get(row.code) ?? []).sort(),
}));

const output = join(__dirname, '..', 'src', 'languages', 'data');
writeFileSync(join(output, 'languages.json'), `${JSON.stringify(languages, null, 1)}\n`);
copyFileSync(join(source, 'MIT.txt'), join(output, 'LICENSE-language-data.txt'));
writeFileSync(join(output, 'SOURCE'), readFileSync(join(source, 'SOURCE')));
console.log(`wrote ${languages.length} languages`);
