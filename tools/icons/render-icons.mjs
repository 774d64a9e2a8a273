// Renders the app icons (shell/public/icons/*.png) from tools/icons/academy-icon.svg with the Chromium the browser
// tests use, so no image library is needed: `node tools/icons/render-icons.mjs` after changing the SVG, then commit.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';

const here = import.meta.dirname;
const outDir = path.join(here, '..', '..', 'shell', 'public', 'icons');
const svg = await readFile(path.join(here, 'academy-icon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<html><body style="margin:0">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
    await writeFile(path.join(outDir, `icon-${size}.png`), await page.screenshot({ type: 'png', omitBackground: false }));
    await page.close();
  }
} finally {
  await browser.close();
}
console.log(`icons written to ${outDir}`);
