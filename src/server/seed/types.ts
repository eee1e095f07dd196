/**
 * Shapes of the hand-written demo catalogue. The seeder turns these into rows;
 * ids are assigned in order of appearance, slugs come from the English name.
 */

/** A text every visitor reads, in both languages. */
export interface Text {
  en: string;
  zh: string;
}

export interface SeedCategory {
  /** Stable key, referenced by products and articles (e.g. 'raman-spectrometers'). */
  key: string;
  name: Text;
  description: Text;
  children?: SeedCategory[];
}

export interface SeedAttribute {
  label: Text;
  /** A plain string when the value reads the same in both languages (numbers, model names). */
  value: string | Text;
  /** SI or customary unit, e.g. 'nm', 'mW', 'mm', 'kg'; omitted when the value has none. */
  unit?: string;
}

export interface SeedOption {
  name: Text;
  values: { label: Text; priceDelta: number }[];
}

type ResourceKind = 'datasheet' | 'manual' | 'application-note' | 'software';

export interface SeedResource {
  kind: ResourceKind;
  title: Text;
  /** Site-relative path of the file, e.g. '/files/datasheets/LS-532-100.pdf'. */
  url: string;
}

/** What a performance curve shows (src/api/curves.ts). */
type CurveKind = 'transmission' | 'reflectance' | 'spectrum' | 'responsivity' | 'power-current' | 'quantum-efficiency';

/** A performance curve: its axes (a unit as one text, or both languages for words) and its series of points. */
export interface SeedCurve {
  kind: CurveKind;
  title: Text;
  xAxis: { name: Text; unit?: string | Text };
  yAxis: { name: Text; unit?: string | Text };
  /** Each series' x values increase; as many y values as x values. A single series' name may be empty. */
  series: { name: Text; x: number[]; y: number[] }[];
}

/** Illustration family; each has a generated picture. */
type ProductFamily =
  | 'laser'
  | 'light-source'
  | 'detector'
  | 'optic'
  | 'fiber'
  | 'spectrometer'
  | 'microscope'
  | 'objective'
  | 'stage'
  | 'probe-station'
  | 'metrology'
  | 'analyzer';

export interface SeedProduct {
  /** Unique part number, e.g. 'LS-532-100'. */
  partNumber: string;
  /** Key of a leaf (child) category. */
  category: string;
  family: ProductFamily;
  name: Text;
  /** One sentence for cards and search results. */
  summary: Text;
  /** A paragraph or two for the product page (plain text, paragraphs separated by a blank line). */
  description: Text;
  /** Unit price in USD. */
  price: number;
  leadTimeDays: number;
  stock: number;
  isNew?: boolean;
  isFeatured?: boolean;
  /** Six or more specifications with units. */
  attributes: SeedAttribute[];
  options?: SeedOption[];
  /** Part numbers of products that can replace this one. */
  alternatives?: string[];
  /** Part numbers of accessories or products often bought with this one. */
  related?: string[];
  resources?: SeedResource[];
  /** Performance curves, where a maker would show one (transmission, spectrum, responsivity, …). */
  curves?: SeedCurve[];
}

type SolutionType = 0 | 1 | 2;

/** The three fixed solution groups: 0 microscopy techniques, 1 spectroscopy instruments, 2 semiconductor & microelectronics. */
export interface SeedSolutionGroup {
  type: SolutionType;
  /** Fixed path segment: 'microscopy-techniques' | 'spectroscopy-instruments' | 'semiconductor-microelectronics'. */
  key: string;
  title: Text;
  desc: Text;
  value: Text;
  intro: Text;
  /** Illustration family for the group's picture. */
  img: ProductFamily;
}

export interface SeedSolution {
  type: SolutionType;
  title: Text;
  summary: Text;
  /** Body as simple HTML (p, h2, h3, ul, li, strong, em only). */
  body: Text;
  /** Part numbers of products this solution uses. */
  products: string[];
}

type ArticleKind = 'knowledge' | 'news';
type ContentType =
  | 'application-note'
  | 'technical-article'
  | 'case-study'
  | 'webinar'
  | 'product-news'
  | 'company-news';

export interface SeedArticle {
  kind: ArticleKind;
  contentType: ContentType;
  /** Key of the category (usually a child category) the article is about: the "product series". */
  productSeries: string;
  author: Text;
  /** ISO date, e.g. '2026-03-14'. */
  publishedAt: string;
  title: Text;
  summary: Text;
  /** Body as simple HTML (p, h2, h3, ul, li, strong, em only). */
  body: Text;
}

export interface SeedConfig {
  configName: string;
  configValue: Text;
}

export interface SeedMeta {
  /** Page key sent as `pageHome`, e.g. 'home', 'product', 'category', 'knowledge'. */
  page: string;
  meta: { name: string; content: Text }[];
}

export interface SeedCatalogue {
  categories: SeedCategory[];
  products: SeedProduct[];
  solutionGroups: SeedSolutionGroup[];
  solutions: SeedSolution[];
  articles: SeedArticle[];
  config: SeedConfig[];
  meta: SeedMeta[];
  pages: SeedSitePage[];
}

/** A section of a fixed site page: an about-us part, an FAQ question, a policy chapter. */
interface SeedPageSection {
  /** Anchor id, lowercase with dashes, unique within the page (e.g. 'company-profile'). */
  id: string;
  title: Text;
  /** Simple HTML (p, h3, ul, ol, li, strong, em, a with a site-relative href only). */
  body: Text;
}

/** Keys of the fixed site pages whose text lives in the database. */
export type SitePageKey = 'about' | 'faq' | 'data' | 'terms' | 'cookie' | 'privacy' | 'help' | 'downloads';

export interface SeedSitePage {
  key: SitePageKey;
  title: Text;
  /** One or two sentences shown under the title and used as the meta description. */
  summary: Text;
  sections: SeedPageSection[];
}
