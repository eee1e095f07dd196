import { atom } from 'nanostores';
import { MAX_QUANTITY } from '#api/fields.ts';
import { type PartMatch, type PartProduct, productMatchParts, QUICK_ORDER_MAX_LINES } from '#api/quick-order.ts';
import { cartSaveLines } from '#api/shop.ts';
import { t } from '#i18n/index.ts';
import { openLogin } from '#lib/events.ts';
import { parsePartList } from '#lib/part-list.ts';
import { call } from './api-client.ts';
import { $cart } from './cart.ts';
import { $locale } from './locale.ts';
import { showToast } from './toasts.ts';
import { $token } from './token.ts';

/**
 * A line of the quick-order list: what was typed, and what the API matched. `quantity` is null when what
 * was typed is not a whole number; `match` is absent until the line is matched (or when it cannot be).
 */
export interface QuickLine {
  key: number;
  partNumber: string;
  quantity: number | null;
  match?: PartMatch;
}

/** What a line comes to for the page: the match's status, or why it was not sent. */
export type LineState = PartMatch['status'] | 'badQuantity' | 'badPartNumber' | 'pending';

/** The list, kept in this tab's session storage so it outlives a login and a reload. */
export const $quickOrder = atom<QuickLine[]>([]);
/** Whether a match or an add is under way, and the last failure's message. */
export const $quickOrderBusy = atom(false);
export const $quickOrderError = atom('');

const STORAGE_KEY = 'storefront:quick-order';
let nextKey = 1;

export function lineState(line: QuickLine): LineState {
  if (line.partNumber.trim() === '' || line.partNumber.trim().length > 64) return 'badPartNumber';
  if (line.quantity === null || line.quantity < 1) return 'badQuantity';
  return line.match?.status ?? 'pending';
}

/** The lines that go into the cart: matched to one product on sale, within the cart's limit. */
export const goodLines = (lines: QuickLine[]) => lines.filter((line) => lineState(line) === 'ok');

function save(lines: QuickLine[]): void {
  $quickOrder.set(lines);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // Private windows may refuse storage: the list then lives as long as the page.
  }
}

/** Reads the list this tab kept (after a login, a reload); call once on the page. */
export function restoreQuickOrder(): void {
  try {
    const kept = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as QuickLine[];
    if (!Array.isArray(kept)) return;
    const lines = kept.filter((line) => line && typeof line.partNumber === 'string').slice(0, QUICK_ORDER_MAX_LINES);
    nextKey = Math.max(0, ...lines.map((line) => Number(line.key) || 0)) + 1;
    $quickOrder.set(lines);
  } catch {
    // A damaged or refused store: start empty.
  }
}

/** Matches the given lines (those that can be sent) in one call, and keeps their answers. */
async function match(keys: number[]): Promise<void> {
  const sendable = $quickOrder.get().filter((line) => keys.includes(line.key) && lineState(line) !== 'badPartNumber');
  const sent = sendable.filter((line) => line.quantity !== null && line.quantity >= 1);
  if (sent.length === 0) return;
  $quickOrderBusy.set(true);
  $quickOrderError.set('');
  try {
    const answers = await call(
      productMatchParts,
      { lines: sent.map((line) => ({ partNumber: line.partNumber.trim(), quantity: line.quantity as number })) },
      { hideErrors: true, reject: true },
    ).catch((error: unknown) => {
      $quickOrderError.set(error instanceof Error ? error.message : t($locale.get(), 'quickOrder.failed'));
      return undefined;
    });
    if (!answers) return;
    const byKey = new Map(sent.map((line, index) => [line.key, answers[index]]));
    save($quickOrder.get().map((line) => (byKey.has(line.key) ? { ...line, match: byKey.get(line.key) } : line)));
  } finally {
    $quickOrderBusy.set(false);
  }
}

/** Adds what was pasted or uploaded to the list (at most 200 lines in all), and matches it. */
export async function addList(text: string): Promise<void> {
  const listed = parsePartList(text);
  const room = QUICK_ORDER_MAX_LINES - $quickOrder.get().length;
  if (listed.length > room)
    $quickOrderError.set(t($locale.get(), 'quickOrder.tooMany', { max: QUICK_ORDER_MAX_LINES }));
  const lines = listed.slice(0, Math.max(0, room)).map((line) => ({ key: nextKey++, ...line }));
  if (lines.length === 0) return;
  save([...$quickOrder.get(), ...lines]);
  await match(lines.map((line) => line.key));
}

/** Changes a line's part number or quantity, and matches it again. */
export async function editLine(key: number, change: { partNumber?: string; quantity?: number | null }): Promise<void> {
  save($quickOrder.get().map((line) => (line.key === key ? { ...line, ...change, match: undefined } : line)));
  await match([key]);
}

/** Picks one of an ambiguous line's candidates as its product. */
export function chooseCandidate(key: number, product: PartProduct): void {
  save(
    $quickOrder.get().map((line) => {
      if (line.key !== key || !line.match) return line;
      const quantity = line.quantity ?? 1;
      return {
        ...line,
        partNumber: product.partNumber,
        match: {
          ...line.match,
          partNumber: product.partNumber,
          status: quantity > MAX_QUANTITY ? 'overLimit' : 'ok',
          product,
          candidates: [],
        },
      };
    }),
  );
}

export function removeLine(key: number): void {
  save($quickOrder.get().filter((line) => line.key !== key));
}

export function clearQuickOrder(): void {
  save([]);
  $quickOrderError.set('');
}

/**
 * Puts every good line into the cart in one call; they leave the list, the others stay for fixing. A
 * visitor is asked to log in first (the list waits in session storage). Answers how many were added.
 */
export async function addGoodLines(): Promise<number> {
  const good = goodLines($quickOrder.get());
  if (good.length === 0) return 0;
  if (!$token.get()) {
    openLogin({ reason: 'quick-order', stay: true });
    return 0;
  }
  $quickOrderBusy.set(true);
  try {
    const cart = await call(cartSaveLines, {
      lines: good.map((line) => ({ productId: line.match?.product?.id as number, quantity: line.quantity as number })),
    });
    if (!cart) return 0;
    $cart.set(cart);
    const added = new Set(good.map((line) => line.key));
    save($quickOrder.get().filter((line) => !added.has(line.key)));
    showToast(t($locale.get(), 'quickOrder.added', { count: good.length }), 'success');
    return good.length;
  } finally {
    $quickOrderBusy.set(false);
  }
}
