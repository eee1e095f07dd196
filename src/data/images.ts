import { getImage } from 'astro:assets';
import type { ImageMetadata } from 'astro';
import type { Image } from '#api/common.ts';

// The API names pictures by their public path (/images/families/laser.svg); the build turns the
// ones it knows into WebP at 1x and 2x of the size they are shown at.
const sources = import.meta.glob<{ default: ImageMetadata }>('../assets/families/*.svg', { eager: true });
const byPublicPath = new Map(
  Object.entries(sources).map(([file, module]) => [`/images/families/${file.split('/').pop()}`, module.default]),
);

const made = new Map<string, Promise<{ src: string; src2x: string }>>();

/** An image at 1x and 2x for a box of the given size; unknown sources are left as they are. Each is made once a build. */
export async function optimise<T extends Image>(image: T, width: number, height: number): Promise<T> {
  const source = byPublicPath.get(image.src);
  if (!source) return image;
  const key = `${image.src} ${width}x${height}`;
  let urls = made.get(key);
  if (!urls) {
    urls = getImage({ src: source, width, height, format: 'webp', densities: [1, 2] }).then((result) => {
      const double = result.srcSet.values.find((value) => value.descriptor === '2x');
      return { src: result.src, src2x: double?.url ?? result.src };
    });
    made.set(key, urls);
  }
  return { ...image, ...(await urls) };
}

/** A product-like record with its small image made ready for a card. */
export async function withCardImage<T extends { smallImage: Image }>(record: T): Promise<T> {
  return { ...record, smallImage: await optimise(record.smallImage, 240, 180) };
}
