import { atom } from 'nanostores';
import { MAX_PAGE_SIZE } from '#api/common.ts';
import { type Quote, quoteCreate, quotePage, quotePdf } from '#api/quote.ts';
import { type ReorderLine, reorderPreview } from '#api/reorder.ts';
import { cartSaveLines } from '#api/shop.ts';
import { t } from '#i18n/index.ts';
import { call } from './api-client.ts';
import { $cart } from './cart.ts';
import { $locale } from './locale.ts';
import { showToast } from './toasts.ts';
import { $token } from './token.ts';

/** The customer's quotes, newest first; null until loaded. */
export const $quotes = atom<Quote[] | null>(null);

export async function loadQuotes(): Promise<void> {
  const page = await call(quotePage, { pageNum: 1, pageSize: MAX_PAGE_SIZE });
  if (page) $quotes.set(page.records);
}

/** Turns the cart into a formal quote (the cart stays); the quote, or undefined when it failed (toasted). */
export async function createQuote(): Promise<Quote | undefined> {
  const quote = await call(quoteCreate, {});
  if (!quote) return undefined;
  $quotes.set([quote, ...($quotes.get() ?? [])]);
  showToast(t($locale.get(), 'quote.made', { quoteNo: quote.quoteNo }), 'success');
  return quote;
}

/** Downloads a quote's PDF: the API answers it to the token, so the browser is handed the bytes as a file. */
export async function downloadQuotePdf(id: number): Promise<boolean> {
  const file = await call(quotePdf, { id });
  if (!file) return false;
  const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return true;
}

/** A past order request's or quote's lines beside today's catalogue; undefined when it failed (toasted). */
export async function previewReorder(source: 'order' | 'quote', id: number) {
  return call(reorderPreview, { source, id });
}

/** Puts the lines still sold back into the cart in one call; true when it worked. */
export async function reorder(lines: ReorderLine[]): Promise<boolean> {
  const sold = lines.filter((line) => line.status === 'same' || line.status === 'priceChanged');
  if (sold.length === 0) return false;
  const cart = await call(cartSaveLines, {
    lines: sold.map((line) => ({ productId: line.productId, quantity: line.quantity })),
  });
  if (!cart) return false;
  $cart.set(cart);
  showToast(t($locale.get(), 'reorder.added', { count: sold.length }), 'success');
  return true;
}

$token.listen((token) => {
  if (!token) $quotes.set(null);
});
