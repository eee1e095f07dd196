// Writes the demo's product-family illustrations (public/images/families/*.svg): simple line
// drawings made for this project, one per family, so the site needs no third-party images.
import { mkdirSync, writeFileSync } from 'node:fs';

const stroke = '#1d4e89';
const accent = '#e0652b';
const drawings = {
  laser: `<rect x="40" y="80" width="140" height="60" rx="8"/><rect x="180" y="95" width="30" height="30"/><line x1="210" y1="110" x2="300" y2="110" stroke="${accent}" stroke-width="6"/>`,
  'light-source': `<rect x="60" y="70" width="120" height="90" rx="10"/><circle cx="240" cy="115" r="28" stroke="${accent}"/><path d="M240 70v-20M240 180v-20M285 115h20M195 115h-20" stroke="${accent}"/>`,
  detector: `<rect x="90" y="60" width="140" height="110" rx="10"/><circle cx="160" cy="115" r="32"/><rect x="145" y="100" width="30" height="30" stroke="${accent}"/>`,
  optic: `<ellipse cx="160" cy="115" rx="22" ry="70"/><line x1="40" y1="80" x2="280" y2="150" stroke="${accent}"/><line x1="40" y1="150" x2="280" y2="80" stroke="${accent}"/>`,
  fiber: `<path d="M30 150 C100 40, 200 200, 290 80"/><circle cx="30" cy="150" r="8" stroke="${accent}"/><circle cx="290" cy="80" r="8" stroke="${accent}"/>`,
  spectrometer: `<rect x="50" y="60" width="220" height="110" rx="8"/><path d="M80 150 L120 90 L150 130 L180 75 L220 140" stroke="${accent}"/>`,
  microscope: `<path d="M120 190h120M180 190v-30M150 160h60M170 160 L130 70 M130 70 l20-10 M140 60 l-10 -25"/><circle cx="200" cy="120" r="12" stroke="${accent}"/>`,
  objective: `<rect x="130" y="40" width="60" height="30"/><path d="M125 70h70l-12 90h-46z"/><rect x="150" y="160" width="20" height="20" stroke="${accent}"/>`,
  stage: `<rect x="50" y="120" width="220" height="40" rx="4"/><rect x="90" y="90" width="140" height="30"/><path d="M160 60v30M140 75h40" stroke="${accent}"/>`,
  'probe-station': `<rect x="50" y="150" width="220" height="30"/><circle cx="160" cy="130" r="30"/><path d="M90 60 L140 120 M230 60 L180 120" stroke="${accent}"/>`,
  metrology: `<rect x="60" y="140" width="200" height="30"/><ellipse cx="160" cy="130" rx="60" ry="12"/><path d="M160 50v60" stroke="${accent}"/><path d="M140 50h40"/>`,
  analyzer: `<rect x="50" y="50" width="220" height="130" rx="8"/><rect x="70" y="70" width="130" height="80"/><path d="M75 130 q20-50 40 0 t40 0 t40 0" stroke="${accent}"/><circle cx="230" cy="90" r="10"/><circle cx="230" cy="130" r="10"/>`,
};

// public/ serves them as the API's image URLs; src/assets/ lets the build make 1x and 2x WebP from them.
const dirs = ['../public/images/families/', '../src/assets/families/'].map((path) => new URL(path, import.meta.url));
for (const dir of dirs) mkdirSync(dir, { recursive: true });
for (const [family, body] of Object.entries(drawings)) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 240" width="320" height="240"><rect width="320" height="240" fill="#f3f6fa"/><g fill="none" stroke="${stroke}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round">${body}</g></svg>\n`;
  for (const dir of dirs) writeFileSync(new URL(`${family}.svg`, dir), svg);
}
console.log(`wrote ${Object.keys(drawings).length} family illustrations`);
