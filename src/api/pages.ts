import * as v from 'valibot';
import { defineCall, LanguageRequest, Timestamp } from './common.ts';

const SITE_PAGE_KEYS = ['about', 'faq', 'data', 'terms', 'cookie', 'privacy', 'help', 'downloads'] as const;
export const SitePageKey = v.picklist(SITE_PAGE_KEYS);
export type SitePageKey = v.InferOutput<typeof SitePageKey>;

export const SitePage = v.object({
  key: SitePageKey,
  title: v.string(),
  summary: v.string(),
  /** Sections in order; `body` is sanitised HTML, `id` the section's anchor. */
  sections: v.array(v.object({ id: v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/)), title: v.string(), body: v.string() })),
  updatedAt: Timestamp,
});
export type SitePage = v.InferOutput<typeof SitePage>;

export const sitePageList = defineCall({
  method: 'POST',
  path: '/system/page/list',
  tag: 'system',
  summary: 'The fixed site pages: about us, FAQ, data protection, terms, cookies, privacy, help centre, downloads.',
  request: LanguageRequest,
  response: v.array(SitePage),
});

export const SlugChange = v.object({
  kind: v.picklist(['product', 'category', 'solution', 'article']),
  id: v.number(),
  /** The slug no longer in use, as it appeared in links (`{id}-{name}`). */
  oldSlug: v.string(),
  /** The slug in use now. */
  slug: v.string(),
});
export type SlugChange = v.InferOutput<typeof SlugChange>;

export const slugHistory = defineCall({
  method: 'POST',
  path: '/system/slug/history',
  tag: 'system',
  summary: 'Old slugs of renamed records and their current slugs, for redirect rules.',
  request: LanguageRequest,
  response: v.array(SlugChange),
});
