import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ALLOW_UNPATCHED, patchModule } from './build-patch.ts';
import { HOOKS, hookIn } from './hooks.ts';

afterEach(() => {
  vi.restoreAllMocks();
  delete process.env[ALLOW_UNPATCHED];
});

describe('patchModule', () => {
  const plugin = () =>
    patchModule({
      name: 'test-patch',
      module: /[\\/]dep[\\/]index\.js$/,
      patches: [
        { from: 'a = 1;', to: 'a = 2;' },
        { from: 'b = $1;', to: 'b = $&;' },
      ],
      otherwise: 'it runs unpatched',
    });

  test('replaces each line in the module it names, and leaves other modules alone', () => {
    expect(plugin().transform('a = 1;\nb = $1;\n', '/x/dep/index.js?v=3')).toBe('a = 2;\nb = $&;\n');
    expect(plugin().transform('a = 1;\nb = $1;\n', '/x/other/index.js')).toBeUndefined();
  });

  test('stops the build, naming the module and the line, when a line is missing or found twice', () => {
    expect(() => plugin().transform('a = 1;\n', '/x/dep/index.js')).toThrow(
      'test-patch: /x/dep/index.js has changed: "b = $1;" is not found exactly once. The patch no longer applies',
    );
    expect(() => plugin().transform('a = 1;\na = 1;\nb = $1;\n', '/x/dep/index.js')).toThrow(
      /"a = 1;" is not found exactly once.*BUILD_ALLOW_UNPATCHED=1 to build anyway \(it runs unpatched\)/,
    );
  });

  test('stops the build when the module it names was never patched', () => {
    const unseen = plugin();
    unseen.transform('a = 1;\n', '/x/other/index.js');
    expect(() => unseen.checkApplied()).toThrow(/test-patch: 0 of the 1 modules matching .* were patched/);
    const seen = plugin();
    seen.transform('a = 1;\nb = $1;\n', '/x/dep/index.js');
    expect(() => seen.checkApplied()).not.toThrow();
  });

  test('with BUILD_ALLOW_UNPATCHED=1, changes nothing and warns', () => {
    process.env[ALLOW_UNPATCHED] = '1';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const allowed = plugin();
    expect(allowed.transform('a = 1;\n', '/x/dep/index.js')).toBeUndefined();
    expect(() => allowed.checkApplied()).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]?.[0]).toMatch(/^test-patch: \/x\/dep\/index\.js has changed/);
  });

  test('names a hook by its global symbol', () => {
    expect(hookIn(HOOKS.pageText)).toBe('globalThis[Symbol.for("lumenlab.build.page-text")]');
  });
});

describe('the dependencies the build patches', () => {
  test('are pinned to exact versions, the ones installed', () => {
    const pinned = JSON.parse(readFileSync('package.json', 'utf8')).dependencies as Record<string, string>;
    for (const name of ['astro', '@astrojs/react']) {
      const installed = JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')).version;
      expect(pinned[name], name).toBe(installed);
    }
  });
});
