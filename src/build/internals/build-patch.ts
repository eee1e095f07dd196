// Changes to lines of a dependency's module, made in the build's bundle only (decisions 0039, 0040; the list
// is in README.md beside this file). Each line must be found exactly once, and each module the patch names
// must be patched in every build: otherwise the build stops, naming the module and the line, because the
// dependency changed under the patch (the dependencies patched are pinned to exact versions in
// package.json, so this happens on an upgrade). `BUILD_ALLOW_UNPATCHED=1` builds anyway: the module then
// runs as it is, which is as correct, only slower (each patch's `otherwise` says how).

/** The environment variable that lets a build go on with a patch that no longer applies. */
export const ALLOW_UNPATCHED = 'BUILD_ALLOW_UNPATCHED';

const allowed = () => process.env[ALLOW_UNPATCHED] === '1';

/** One line of the module and what it becomes. */
export interface LinePatch {
  from: string;
  to: string;
}

/** A Vite plugin that patches a dependency's module, and says afterwards whether it did. */
export interface PatchPlugin {
  name: string;
  apply: 'build';
  transform(code: string, id: string): string | undefined;
  /**
   * Throws unless every module the patch names was patched in this build (`BUILD_ALLOW_UNPATCHED=1`: warns);
   * the storefront integration asks once Astro has built.
   */
  checkApplied(): void;
}

/**
 * A Vite plugin for `astro build` that patches the `modules` modules whose paths `module` matches (one, or
 * as many as the dependency has copies of the code).
 */
export function patchModule({
  name,
  module,
  patches,
  otherwise,
  modules = 1,
}: {
  name: string;
  module: RegExp;
  patches: readonly LinePatch[];
  /** What the build does when the lines are not there, for the message. */
  otherwise: string;
  /** How many modules match `module` and are patched in a build. */
  modules?: number;
}): PatchPlugin {
  const patched = new Set<string>();
  const notApplied = (reason: string) => {
    const message = `${name}: ${reason}. The patch no longer applies: update it (src/build/internals/README.md), or set ${ALLOW_UNPATCHED}=1 to build anyway (${otherwise}).`;
    if (!allowed()) throw new Error(message);
    console.warn(message);
  };
  return {
    name,
    apply: 'build',
    transform(code, id) {
      const path = id.split('?')[0] ?? id;
      if (!module.test(path)) return undefined;
      const missing = patches.find(({ from }) => code.split(from).length !== 2);
      if (missing) {
        notApplied(`${path} has changed: ${JSON.stringify(missing.from)} is not found exactly once`);
        return undefined;
      }
      patched.add(path);
      return patches.reduce((text, { from, to }) => text.replace(from, () => to), code);
    },
    checkApplied() {
      if (patched.size < modules) {
        notApplied(`${patched.size} of the ${modules} modules matching ${module} were patched`);
      }
    },
  };
}
