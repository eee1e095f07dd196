import type { Plugin } from 'vite';

// The editors' workspace (src/workspace/) is bundled apart from the visitors' code: every module its
// graph imports, React and valibot included, is resolved to an id of its own (the file's id with
// `?workspace`), so the bundler never shares a module, or a chunk, between the workspace and a page a
// visitor loads. Shared, a module's exports used only by the workspace would grow the visitors' chunks
// (the contract and valibot go to the customer's chunk, client-chunks.ts), and every chunk's name would
// change with the workspace. Apart, a visitor's page ships the same bytes whatever the workspace grows into.
// JSON stays shared (the site's dictionaries, which the workspace reads for the contract's messages); the
// workspace's own text (i18n/workspace/) and the editors' messages (i18n/editor/) go to its chunk by
// WORKSPACE_MODULE.

const WORKSPACE_QUERY = 'workspace';

const tagged = (id: string) => new RegExp(`[?&]${WORKSPACE_QUERY}$`).test(id);
const inWorkspace = (id: string) => /[\\/]src[\\/]workspace[\\/]/.test(id) || tagged(id);

/** Whether a module id is one of the workspace's copies (for the client chunk groups). */
export const WORKSPACE_MODULE = new RegExp(
  String.raw`[\\/]src[\\/]workspace[\\/]|[\\/]i18n[\\/](workspace|editor)[\\/]|[?&]${WORKSPACE_QUERY}$`,
);

export function workspaceApart(): Plugin {
  return {
    name: 'workspace-apart',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer, options) {
      if (!importer || !inWorkspace(importer) || tagged(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || resolved.id.startsWith('\0') || tagged(resolved.id)) return resolved;
      // Code only: data (the workspace's own JSON text) and styles are never shared with a visitor's page.
      if (!/\.(?:m?[jt]sx?|cjs)$/.test(resolved.id)) return resolved;
      return { ...resolved, id: `${resolved.id}${resolved.id.includes('?') ? '&' : '?'}${WORKSPACE_QUERY}` };
    },
  };
}
