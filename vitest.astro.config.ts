import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: { include: ['src/**/*.astro-test.ts'] },
});
