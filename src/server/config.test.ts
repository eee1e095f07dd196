import { expect, test } from 'vitest';
import { serverConfig } from './config.ts';

// The site's origin names canonical, hreflang and sitemap links and the links in mail: SITE_URL when set,
// else this server's own on localhost with its port (issue 40: `npm start` on another PORT).

test('the site’s origin is SITE_URL, or localhost on the server’s PORT', () => {
  expect(serverConfig({ PORT: '4400' }).siteUrl).toBe('http://localhost:4400');
  expect(serverConfig({}).siteUrl).toBe('http://localhost:4321');
  expect(serverConfig({ PORT: '4400', SITE_URL: 'https://www.example.com/' }).siteUrl).toBe('https://www.example.com');
});
