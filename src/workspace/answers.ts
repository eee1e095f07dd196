import { useEffect, useState } from 'react';
import type { Call, DataOf, RequestOf } from '#api/common.ts';
import { editorCategoryList, LIST_PAGE_SIZE } from '#api/editor-lists.ts';
import type { Locale } from '#i18n/index.ts';
import { wt } from '#i18n/workspace.ts';
import { call, WorkspaceError } from './api.ts';

// What the workspace's screens ask the API for while they show: a call's answer kept up to date with its
// request, and every category for the product list's filter.

/**
 * The answer of a call for what the screen shows, asked again whenever the request changes (compared by
 * value); a 401 ends the sign-in, another failure is the API's message. An answer that comes after a newer
 * request was made is dropped.
 */
export function useAnswer<C extends Call, T>(
  contract: C,
  request: Record<string, unknown>,
  { token, locale, onSignedOut }: { token: string; locale: Locale; onSignedOut: () => void },
): { answer: T | undefined; error: string | undefined; busy: boolean } {
  const [answer, setAnswer] = useState<T | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(true);
  const asked = JSON.stringify(request);
  useEffect(() => {
    let current = true;
    setBusy(true);
    call(contract, JSON.parse(asked) as Omit<RequestOf<C>, 'language'>, { token, locale })
      .then((data: DataOf<C>) => {
        if (!current) return;
        setAnswer(data as T);
        setError(undefined);
      })
      .catch((caught: unknown) => {
        if (!current) return;
        if (caught instanceof WorkspaceError && caught.code === 401) onSignedOut();
        setError(caught instanceof WorkspaceError ? caught.message : wt(locale, 'app.unexpected'));
      })
      .finally(() => current && setBusy(false));
    return () => {
      current = false;
    };
  }, [asked, contract, token, locale, onSignedOut]);
  return { answer, error, busy };
}

/** Every category, by key and name in the workspace's language, for the product list's filter. */
export function useCategories(
  wanted: boolean,
  { token, locale, onSignedOut }: { token: string; locale: Locale; onSignedOut: () => void },
): { key: string; label: string }[] {
  const [categories, setCategories] = useState<{ key: string; label: string }[]>([]);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    (async () => {
      const found: { key: string; label: string }[] = [];
      for (let pageNum = 1; ; pageNum++) {
        const { page } = await call(
          editorCategoryList,
          { pageNum, pageSize: LIST_PAGE_SIZE, sort: 'title' },
          { token, locale },
        );
        for (const record of page.records)
          found.push({ key: record.key, label: (locale === 'zh-CN' ? record.title.zh : '') || record.title.en });
        if (pageNum >= page.pages) break;
      }
      if (current) setCategories(found);
    })().catch((caught: unknown) => {
      if (caught instanceof WorkspaceError && caught.code === 401) onSignedOut();
    });
    return () => {
      current = false;
    };
  }, [wanted, token, locale, onSignedOut]);
  return categories;
}
