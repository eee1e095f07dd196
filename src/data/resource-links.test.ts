import { describe, expect, test } from 'vitest';
import type { Resource } from '#api/product.ts';
import { fileUrl, resourceLink } from './resource-links.ts';

const datasheet: Resource = {
  kind: 'datasheet',
  title: 'LS-405-50 产品规格书',
  url: '/files/datasheets/LS-405-50.pdf',
};
const software: Resource = { kind: 'software', title: '拉曼采集软件', url: '/files/software/raman-studio.zip' };

describe('resourceLink', () => {
  test('links the build’s file in the page’s language, the Chinese one beside the English, with its hreflang', () => {
    expect(resourceLink(datasheet, 'zh-CN')).toEqual({
      text: 'LS-405-50 产品规格书',
      url: '/files/datasheets/LS-405-50.zh-CN.pdf',
      language: 'zh-CN',
    });
    expect(resourceLink({ ...datasheet, title: 'LS-405-50 datasheet' }, 'en')).toEqual({
      text: 'LS-405-50 datasheet',
      url: '/files/datasheets/LS-405-50.pdf',
      language: 'en',
    });
  });

  test('says which language a file made in one language only is in', () => {
    expect(resourceLink(software, 'zh-CN')).toEqual({
      text: '拉曼采集软件（英文）',
      url: '/files/software/raman-studio.zip',
      language: 'en',
    });
    expect(resourceLink({ ...software, title: 'Raman acquisition software' }, 'en')).toEqual({
      text: 'Raman acquisition software',
      url: '/files/software/raman-studio.zip',
      language: 'en',
    });
  });

  test('links an upload or an address elsewhere as it is: its language is not known', () => {
    for (const url of ['/files/uploads/0a1b/datasheet.pdf', 'https://example.com/LS-405-50.pdf']) {
      expect(resourceLink({ ...datasheet, url }, 'zh-CN')).toEqual({ text: datasheet.title, url });
      expect(fileUrl({ ...datasheet, url }, 'zh-CN')).toBe(url);
    }
  });
});
