// Renders the app's icons (web manifest, home screen, Apple touch icon) from the SVGs in
// `public/icons/`: `npx tsx scripts/render-icons.ts` after changing one, then commit the PNGs.
// The maskable icon keeps its mark inside the central 80 % circle, which every launcher shape shows.
import path from 'node:path';
import sharp from 'sharp';

const icons = path.resolve(import.meta.dirname, '../public/icons');

const renders = [
  { from: 'icon.svg', to: 'icon-192.png', size: 192 },
  { from: 'icon.svg', to: 'icon-512.png', size: 512 },
  { from: 'icon-maskable.svg', to: 'icon-maskable-512.png', size: 512 },
  // iOS draws its own rounded corners and ignores transparency: the full-bleed square fits it.
  { from: 'icon-maskable.svg', to: 'apple-touch-icon.png', size: 180 },
] as const;

for (const { from, to, size } of renders) {
  await sharp(path.join(icons, from), { density: 300 })
    .resize(size, size)
    .png()
    .toFile(path.join(icons, to));
  console.log(`${to}: ${size}×${size}`);
}
