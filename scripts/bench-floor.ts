// `npm run bench:floor [-- --pages 20000]`: Astro's own cost on this machine, to read `npm run bench:build`
// against. A minimal Astro site (no API, no islands, no content collections) writes that many pages of
// about 10 KB from one layout, each with a JSON payload of its own, as issue 17's reference site did: 39-45 s
// and 850 MiB for 20,000 pages on the machine the issue was measured on. Prints the disk probe, the build's
// wall time, pages a second, peak memory and CPU of the process tree, Astro's main thread apart (as
// bench:build does), and the output. The machine's speed varies from hour to hour and machine to machine
// (decision 0043): the build's figures mean most beside this one, measured in the same hour.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { diskLine, fileCreation, listFiles, quietFileSystem, removeRun, watchTree } from './bench-measures.ts';

const { values } = parseArgs({
  options: { pages: { type: 'string', default: '20000' }, 'no-wait': { type: 'boolean', default: false } },
});
const pages = Number(values.pages);
if (!Number.isInteger(pages) || pages < 1) {
  console.error(`--pages wants a whole number of pages, at least 1 (got ${values.pages})`);
  process.exit(2);
}

const root = join(import.meta.dirname, '..');
const astroBin = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');

/** The site's files, by path under its folder. Every page's data comes from its index, so no file is large. */
const site: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'astro-floor', private: true, type: 'module' }),
  'astro.config.mjs': `export default { output: 'static', build: { format: 'directory' } };\n`,
  'src/data.ts': `export const PAGES = ${pages};
const WORDS = 'spectrometer laser objective filter grating detector mount lens mirror fibre stage shutter'.split(' ');
export const item = (i: number) => ({
  id: i,
  name: \`\${WORDS[i % WORDS.length]} \${WORDS[(i * 7) % WORDS.length]} model \${i}\`,
  part: \`PN-\${String(i).padStart(6, '0')}\`,
  price: ((i * 37) % 9000) + 99.5,
  description: Array.from({ length: 220 }, (_, n) => WORDS[(i + n * n) % WORDS.length]).join(' '),
  specs: Array.from({ length: 12 }, (_, n) => [\`spec \${n}\`, \`\${(i * (n + 3)) % 997} \${WORDS[n % WORDS.length]}\`]),
});
export const paths = () => Array.from({ length: PAGES }, (_, i) => ({ params: { id: String(i) }, props: { i } }));
`,
  'src/layouts/Layout.astro': `---
const { title } = Astro.props;
const nav = Array.from({ length: 30 }, (_, n) => ({ href: \`/p/\${n}/\`, label: \`Category \${n}\` }));
---
<html lang="en">
  <head><meta charset="utf-8" /><meta name="viewport" content="width=device-width" /><title>{title}</title>
  <style>body { font-family: sans-serif; margin: 0 } nav a { margin-right: 1em } table { border-collapse: collapse }</style></head>
  <body>
    <header><nav>{nav.map((link) => <a href={link.href}>{link.label}</a>)}</nav></header>
    <main><slot /></main>
    <footer><p>Contact, address and links</p>{nav.slice(0, 12).map((link) => <a href={link.href}>{link.label}</a>)}</footer>
  </body>
</html>
`,
  'src/pages/p/[id]/index.astro': `---
import Layout from '../../../layouts/Layout.astro';
import { item, paths } from '../../../data.ts';
export const getStaticPaths = paths;
const product = item(Astro.props.i);
const related = Array.from({ length: 48 }, (_, n) => item((Astro.props.i + n + 1) % 100000));
---
<Layout title={product.name}>
  <h1>{product.name}</h1>
  <p>{product.part} · {product.price.toFixed(2)} USD</p>
  <p>{product.description}</p>
  <table>{product.specs.map(([name, value]) => <tr><th>{name}</th><td>{value}</td></tr>)}</table>
  <ul>{related.map((other) => <li><a href={\`/p/\${other.id}/\`}>{other.name}</a> <span>{other.part}</span> <span>{other.price.toFixed(2)}</span></li>)}</ul>
</Layout>
`,
  'src/pages/p/[id]/payload.json.ts': `import { item, paths } from '../../../data.ts';
export const getStaticPaths = paths;
export const GET = ({ props }: { props: { i: number } }) => new Response(JSON.stringify(item(props.i)));
`,
};

const dir = mkdtempSync(join(tmpdir(), 'astro-floor-'));
try {
  for (const [path, text] of Object.entries(site)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const settled = values['no-wait'] ? undefined : await quietFileSystem(join(dir, 'disk-wait'));
  const diskSeconds = fileCreation(join(dir, 'disk-probe'));
  const started = performance.now();
  const child = spawn(process.execPath, [astroBin, 'build'], {
    cwd: dir,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const tree = watchTree(child.pid);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const seconds = (performance.now() - started) / 1000;
  const { mib, parts, cpu } = tree.stop();
  if (code !== 0) throw new Error(`astro build stopped with exit ${code}`);
  const files = listFiles(join(dir, 'dist'));
  const html = files.filter((file) => file.endsWith('.html'));
  const bytes = files.reduce((sum, file) => sum + statSync(file).size, 0);
  const sizes = html.map((file) => statSync(file).size);
  console.log(`minimal Astro site (node ${process.version}), ${pages} pages, each with a JSON payload`);
  console.log(diskLine(diskSeconds, settled));
  console.log(
    `build: ${seconds.toFixed(1)} s, ${html.length} pages (${Math.round(html.length / seconds)} a second), ${files.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MiB written; pages ${(Math.min(...sizes) / 1024).toFixed(1)}-${(Math.max(...sizes) / 1024).toFixed(1)} KB`,
  );
  console.log(`peak: ${mib} MiB (process tree: ${parts})`);
  console.log(
    `CPU: ${cpu.total.toFixed(1)} s (process tree; in the kernel ${cpu.system.toFixed(1)} s); Astro's main thread running ${cpu.astroRunning.toFixed(1)} s, waiting for a core ${cpu.astroWaiting.toFixed(1)} s`,
  );
} finally {
  removeRun(dir);
}
