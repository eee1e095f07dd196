import {
  editorArticleDelete,
  editorArticleSave,
  editorCategoryDelete,
  editorCategorySave,
  editorConfigDelete,
  editorConfigSave,
  editorMetaDelete,
  editorMetaSave,
  editorProductDelete,
  editorProductSave,
  editorSolutionDelete,
  editorSolutionSave,
} from '#api/editor.ts';
import type { FormEntity } from '#api/editor-records.ts';
import type { Field } from './form/shape.ts';

// What the workspace knows of each kind of record it edits (EditScreen.tsx, History.tsx): its save and
// delete calls, the list it is in, what a form shows of it, and the unsaved changes a browser keeps of it.

/** The delete calls, each by what it names a record by. */
export const DELETES = {
  product: editorProductDelete,
  category: editorCategoryDelete,
  solution: editorSolutionDelete,
  article: editorArticleDelete,
  meta: editorMetaDelete,
  config: editorConfigDelete,
} as const;

/** The save calls: each form is made from its request schema. */
export const SAVES = {
  product: editorProductSave,
  category: editorCategorySave,
  solution: editorSolutionSave,
  article: editorArticleSave,
  meta: editorMetaSave,
  config: editorConfigSave,
} as const;

/** The list each kind of record is found in (the screen's hash). */
export const LIST_OF: Record<FormEntity, string> = {
  product: 'products',
  category: 'categories',
  solution: 'solutions',
  article: 'articles',
  meta: 'meta',
  config: 'config',
};

/** What a record is saved by, shown but not edited once it exists; ids are kept but not shown. */
export const LOCKED: Record<FormEntity, string[]> = {
  product: ['partNumber'],
  category: ['key'],
  solution: [],
  article: [],
  meta: ['page'],
  config: ['configName'],
};
export const HIDDEN = new Set(['id']);
/** The key of a form for a record not made yet: `#/products/new`. */
export const NEW = 'new';

/** Optional texts left empty are left out (a category's parent: a top category). */
export function forSave(fields: [string, Field][], value: Record<string, unknown>): Record<string, unknown> {
  const out = { ...value };
  for (const [name, field] of fields)
    if (field.optional && field.shape.kind === 'text' && (out[name] === '' || out[name] === null)) delete out[name];
  return out;
}

/** Unsaved changes kept in this browser, so a closed tab or a crash loses nothing. */
export interface LocalDraft {
  value: Record<string, unknown>;
  /** The version they were made from. */
  version: number;
  at: string;
}
const draftKey = (entity: FormEntity, key: string) => `lumenlab.workspace.draft.${entity}.${key}`;
export function readDraft(entity: FormEntity, key: string): LocalDraft | undefined {
  try {
    const kept = localStorage.getItem(draftKey(entity, key));
    return kept ? (JSON.parse(kept) as LocalDraft) : undefined;
  } catch {
    return undefined;
  }
}
export function writeDraft(entity: FormEntity, key: string, draft: LocalDraft | undefined): void {
  try {
    if (draft) localStorage.setItem(draftKey(entity, key), JSON.stringify(draft));
    else localStorage.removeItem(draftKey(entity, key));
  } catch {
    // A full or refused storage keeps no draft; the form still works.
  }
}
