// Changes to lines of a dependency's module, made in the build's bundle only (decisions 0039, 0040). Each
// line must be found exactly once; if one is not (the dependency changed), nothing is changed and the
// build says what it does instead, which must be as correct, only slower.

/** One line of the module and what it becomes. */
export interface LinePatch {
  from: string;
  to: string;
}

/** A Vite plugin for `astro build` that patches the module whose path `module` matches. */
export function patchModule({
  name,
  module,
  patches,
  otherwise,
}: {
  name: string;
  module: RegExp;
  patches: readonly LinePatch[];
  /** What the build does when the lines are not there, for the warning. */
  otherwise: string;
}) {
  return {
    name,
    apply: 'build' as const,
    transform(code: string, id: string): string | undefined {
      if (!module.test(id.split('?')[0] ?? id)) return undefined;
      if (!patches.every(({ from }) => code.split(from).length === 2)) {
        console.warn(`${name}: ${id} has changed; ${otherwise}`);
        return undefined;
      }
      return patches.reduce((text, { from, to }) => text.replace(from, () => to), code);
    },
  };
}

/** The expression, in patched code, for the hook the build keeps under `symbol` (a `Symbol.for`). */
export const hookIn = (symbol: symbol) => `globalThis[Symbol.for(${JSON.stringify(symbol.description)})]`;
