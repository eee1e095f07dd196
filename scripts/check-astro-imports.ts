// `npm run lint`'s import rule for .astro files, which dependency-cruiser does not read: pages, components and
// layouts never import the API server or the build pipeline (`browser-code-apart` in .dependency-cruiser.cjs
// says the same of every other file).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

const FORBIDDEN = /^src\/(server|build)\//;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"\n]+)['"]/g;
const aliases = JSON.parse(readFileSync('package.json', 'utf8')).imports as Record<string, unknown>;

/** The repository path an import names, when it is one of ours (an alias or a relative path). */
function target(file: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) return normalize(join(dirname(file), specifier));
  for (const [alias, path] of Object.entries(aliases)) {
    if (typeof path === 'string' && alias.endsWith('*') && specifier.startsWith(alias.slice(0, -1))) {
      return normalize(path.slice(0, -1) + specifier.slice(alias.length - 1));
    }
  }
  return undefined;
}

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src/**.astro'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);
const problems: string[] = [];
for (const file of files) {
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
    const path = specifier && target(file, specifier);
    if (path && FORBIDDEN.test(path)) problems.push(`${file} → ${path}`);
  }
}
if (problems.length > 0) {
  console.error(
    `browser-code-apart: pages, components and layouts never import the API server or the build pipeline:\n  ${problems.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`astro imports: ${files.length} .astro files import nothing of src/server or src/build`);
