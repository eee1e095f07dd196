import { afterEach, describe, expect, test, vi } from 'vitest';
import { hookIn, patchModule } from './build-patch.ts';

afterEach(() => vi.restoreAllMocks());

describe('patchModule', () => {
  const plugin = patchModule({
    name: 'test-patch',
    module: /[\\/]dep[\\/]index\.js$/,
    patches: [
      { from: 'a = 1;', to: 'a = 2;' },
      { from: 'b = $1;', to: 'b = $&;' },
    ],
    otherwise: 'it runs unpatched',
  });

  test('replaces each line in the module it names, and leaves other modules alone', () => {
    expect(plugin.transform('a = 1;\nb = $1;\n', '/x/dep/index.js?v=3')).toBe('a = 2;\nb = $&;\n');
    expect(plugin.transform('a = 1;\nb = $1;\n', '/x/other/index.js')).toBeUndefined();
  });

  test('changes nothing, and warns, when a line is missing or found twice', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(plugin.transform('a = 1;\n', '/x/dep/index.js')).toBeUndefined();
    expect(plugin.transform('a = 1;\na = 1;\nb = $1;\n', '/x/dep/index.js')).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]?.[0]).toBe('test-patch: /x/dep/index.js has changed; it runs unpatched');
  });

  test('names a hook by its global symbol', () => {
    expect(hookIn(Symbol.for('storefront.page-text'))).toBe('globalThis[Symbol.for("storefront.page-text")]');
  });
});
