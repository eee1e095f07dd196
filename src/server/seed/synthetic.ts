import type { SeedCatalogue, SeedCategory, SeedCurve, SeedProduct } from './types.ts';

/** A small deterministic random source, so the same size gives the same catalogue. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A variant's curve, following its shifted specifications: a spectrum moves with its wavelength, output
 * power and responsivity scale with the variant's; a coating's or a sensor's curve stays as the model's.
 */
function variantCurve(curve: SeedCurve, factor: number): SeedCurve {
  const scale = (values: number[], decimals: number) =>
    values.map((value) => Number((value * factor).toFixed(decimals)));
  if (curve.kind === 'spectrum')
    return { ...curve, series: curve.series.map((series) => ({ ...series, x: scale(series.x, 3) })) };
  if (curve.kind === 'power-current' || curve.kind === 'responsivity')
    return { ...curve, series: curve.series.map((series) => ({ ...series, y: scale(series.y, 4) })) };
  return curve;
}

const leaves = (categories: SeedCategory[]): SeedCategory[] =>
  categories.flatMap((category) => (category.children?.length ? leaves(category.children) : [category]));

/**
 * The demo catalogue grown to `count` products: each extra product is a variant of a demo
 * product of the same category, with its own part number and shifted specifications.
 */
export function syntheticCatalogue(base: SeedCatalogue, count: number): SeedCatalogue {
  if (count < base.products.length) {
    throw new Error(`A synthetic catalogue holds at least the demo's ${base.products.length} products.`);
  }
  const next = random(count);
  const products: SeedProduct[] = [...base.products];
  const byCategory = new Map<string, SeedProduct[]>();
  for (const product of base.products) {
    byCategory.set(product.category, [...(byCategory.get(product.category) ?? []), product]);
  }
  const categories = leaves(base.categories).filter((category) => byCategory.has(category.key));
  for (let index = products.length; index < count; index++) {
    const category = categories[index % categories.length];
    const models = category ? (byCategory.get(category.key) ?? []) : [];
    const model = models[Math.floor(next() * models.length)];
    if (!model) throw new Error('The base catalogue has no products to vary.');
    const variant = index + 1;
    const factor = 0.8 + next() * 0.4;
    products.push({
      ...model,
      partNumber: `${model.partNumber}-S${variant}`,
      name: { en: `${model.name.en} S${variant}`, zh: `${model.name.zh} S${variant}` },
      price: Math.round(model.price * factor),
      leadTimeDays: Math.max(1, Math.round(model.leadTimeDays * factor)),
      stock: Math.floor(next() * 30),
      isNew: next() < 0.05,
      isFeatured: next() < 0.02,
      attributes: model.attributes.map((attribute) => ({
        ...attribute,
        value:
          typeof attribute.value === 'string' && /^\d+(\.\d+)?$/.test(attribute.value)
            ? String(Math.round(Number(attribute.value) * factor * 100) / 100)
            : attribute.value,
      })),
      // Relations stay among the demo's own products, which every synthetic catalogue contains.
      alternatives: model.alternatives ?? [],
      related: model.related ?? [],
      resources: (model.resources ?? []).map((resource) => ({
        ...resource,
        url: resource.url.replace(model.partNumber, `${model.partNumber}-S${variant}`),
      })),
      ...(model.curves && { curves: model.curves.map((curve) => variantCurve(curve, factor)) }),
    });
  }
  return { ...base, products };
}
