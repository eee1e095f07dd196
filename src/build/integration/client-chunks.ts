import { WORKSPACE_MODULE } from './workspace-apart.ts';

/**
 * The browser's chunks. Left alone, the bundler makes one chunk per combination of importers: about 30 small
 * files for a logged-in page, each a request and a `<link rel="modulepreload">` the loader adds one by one
 * (about a third of the account page's main-thread script time before this, under Lighthouse's 4x CPU).
 * Two groups instead: what every page's header needs (the token, the toasts and their store library), and
 * the customer's side (API client, schemas and the customer's stores), which a visitor's page never loads.
 */
const SESSION_STORES = 'token|toasts|locale|customer-info';

export const CLIENT_CHUNKS = [
  {
    // The editors' workspace's own copies of its modules (workspace-apart.ts): a chunk no visitor loads.
    // Its code is all tagged; what is not (the bundler's preload helper, the site's dictionaries) stays
    // where the visitors' pages find it, or a visitor's script would import it from this chunk.
    name: 'workspace',
    priority: 10,
    includeDependenciesRecursively: false,
    test: WORKSPACE_MODULE,
  },
  {
    name: 'session',
    includeDependenciesRecursively: false,
    test: new RegExp(String.raw`[\\/](src[\\/]stores[\\/](${SESSION_STORES})\.ts|node_modules[\\/]nanostores[\\/])`),
  },
  {
    // Every other store is the customer's, so a new one joins this group without a change here.
    name: 'customer',
    includeDependenciesRecursively: false,
    test: new RegExp(
      String.raw`[\\/](src[\\/](stores[\\/](?!(${SESSION_STORES})\.)[\w-]+|lib[\\/](http|api-error)|api[\\/](?!content-types)[\w-]+|browser[\\/]customer)\.ts|node_modules[\\/](valibot|ky)[\\/])`,
    ),
  },
];
