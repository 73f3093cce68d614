/**
 * Renders public/favicon.svg to the site's icons with Debian's Chromium (no download):
 * favicon.ico (16, 32 and 48 px PNGs in one ICO), apple-touch-icon.png (180 px) and
 * icon-192.png / icon-512.png for the web app manifest. The outputs are committed; run
 * again after changing the SVG: `npm run icons -w shell`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const publicDir = join(import.meta.dirname, '..', 'public');
const svg = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');

/** An ICO holding PNG images (Windows Vista and every browser since read PNG entries). */
function icoOf(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  const entries: Buffer[] = [];
  let offset = 6 + 16 * images.length;
  for (const { size, png } of images) {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    entries.push(entry);
  }
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  const render = async (size: number): Promise<Buffer> => {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace('width="64" height="64"', `width="${size}" height="${size}"`);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  };
  const ico = [];
  for (const size of [16, 32, 48]) ico.push({ size, png: await render(size) });
  writeFileSync(join(publicDir, 'favicon.ico'), icoOf(ico));
  writeFileSync(join(publicDir, 'apple-touch-icon.png'), await render(180));
  writeFileSync(join(publicDir, 'icon-192.png'), await render(192));
  writeFileSync(join(publicDir, 'icon-512.png'), await render(512));
} finally {
  await browser.close();
}
