import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import Workspace from './Workspace.tsx';

// The workspace mounts itself (not as an Astro island): its modules, React included, are bundled apart from
// every visitor's (src/build/integration/workspace-apart.ts), so no visitor's chunk changes with it.
const root = document.getElementById('workspace');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Workspace />
    </StrictMode>,
  );
}
