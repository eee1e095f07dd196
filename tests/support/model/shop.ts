import { newsPage } from '#api/news.ts';
import { productPage } from '#api/product.ts';
import type { SmtpSink } from '#server/mail/sink.ts';
import { CustomerClient } from './client.ts';
import { runAddress } from './client-address.ts';
import { SLOTS } from './model.ts';
import type { Tally } from './tally.ts';

/** Products a run puts in carts and favourites: few, so lines meet again (an add to a line, a save twice). */
export const PRODUCT_POOL = 4;
/** Articles a run saves. */
export const ARTICLE_POOL = 3;

export interface Product {
  id: number;
  price: number;
  currency: string;
  partNumber: string;
  name: { en: string; zh: string };
}

/** The published products and articles runs use, read from the API once. */
export interface Catalogue {
  products: Product[];
  articles: number[];
}

/** Reads the catalogue's first products (in both languages) and articles through the API. */
export async function readCatalogue(base: string): Promise<Catalogue> {
  const client = new CustomerClient(base, runAddress());
  const [en, zh, news] = await Promise.all([
    client.call(productPage, { language: 'en', pageSize: PRODUCT_POOL }),
    client.call(productPage, { language: 'zh', pageSize: PRODUCT_POOL }),
    client.call(newsPage, { language: 'en', pageSize: ARTICLE_POOL }),
  ]);
  if (en.code !== 200 || zh.code !== 200 || news.code !== 200) throw new Error('the catalogue could not be read');
  const products = en.data.records.map((product) => ({
    id: product.id,
    price: product.price,
    currency: product.currency,
    partNumber: product.partNumber,
    name: { en: product.name, zh: zh.data.records.find((p) => p.id === product.id)?.name ?? '' },
  }));
  const articles = news.data.records.map((article) => article.id);
  if (products.length < PRODUCT_POOL || articles.length < ARTICLE_POOL)
    throw new Error(`the catalogue needs ${PRODUCT_POOL} products and ${ARTICLE_POOL} articles`);
  return { products, articles };
}

/** A person who registers in a run: customer i of the model is person i. */
export interface Person {
  username: string;
  email: string;
  password: string;
  name: string;
  contactNumber: string;
}

/**
 * The verification codes the API emails, read from an SMTP sink. The sink keeps every message, order
 * mail too, so `prune` forgets all but those a registration still waits for.
 */
export class Mailbox {
  private readonly sink: SmtpSink;
  private readonly awaited = new Set<string>();

  constructor(sink: SmtpSink) {
    this.sink = sink;
  }

  /** Runs `send` (the call that asks for a code) and answers the code emailed to `email` when it answered 200. */
  async codeFor<T extends { status: number }>(
    email: string,
    send: () => Promise<T>,
  ): Promise<{ sent: T; code?: string | undefined }> {
    this.awaited.add(email);
    try {
      const sent = await send();
      if (sent.status !== 200) return { sent };
      const mail = await this.sink.waitFor(email, (message) => message.code !== undefined, 20_000);
      return { sent, code: mail.code };
    } finally {
      this.awaited.delete(email);
    }
  }

  prune(): void {
    const { messages } = this.sink;
    for (let i = messages.length - 1; i >= 0; i--)
      if (!messages[i]?.to.some((to) => this.awaited.has(to))) messages.splice(i, 1);
  }
}

/** What a run holds of the real world: its client, its people, the tokens its browser sessions hold. */
export class Shop {
  readonly client: CustomerClient;
  readonly catalogue: Catalogue;
  readonly mailbox: Mailbox;
  /** Each slot's token: the last login's, kept after logout (the browser sends what it has). */
  readonly tokens: (string | undefined)[] = Array.from({ length: SLOTS }, () => undefined);
  /** Where the run's steps and answers are counted; none for the setup and while shrinking. */
  tally: Tally | undefined;
  private readonly prefix: string;
  private readonly people: Person[] = [];
  private emails = 0;

  constructor(options: { base: string; catalogue: Catalogue; mailbox: Mailbox; prefix: string }) {
    this.client = new CustomerClient(options.base, runAddress());
    this.catalogue = options.catalogue;
    this.mailbox = options.mailbox;
    this.prefix = options.prefix;
  }

  /** Person i of the run: the same names whether or not they have registered yet. */
  person(index: number): Person {
    for (let i = this.people.length; i <= index; i++) {
      const username = `${this.prefix}c${i}`;
      this.people.push({
        username,
        email: `${username}@example.com`,
        password: `correct horse ${i} battery`,
        name: i % 2 === 0 ? 'Ada Lovelace' : '李 雷',
        contactNumber: '+65 6123 4567',
      });
    }
    return this.people[index] as Person;
  }

  /** An email no one in the run has used: for registrations meant to fail. */
  freshEmail(): string {
    return `${this.prefix}x${++this.emails}@example.com`;
  }

  product(id: number): Product | undefined {
    return this.catalogue.products.find((product) => product.id === id);
  }
}
