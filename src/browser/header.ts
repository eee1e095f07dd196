import { setUpDropPanels } from './drop-panels.ts';
import { setUpHeaderActions } from './header-actions.ts';
import { foldOnScroll } from './header-fold.ts';
import { setUpHeaderMenu } from './header-menu.ts';
import { setUpLocaleSwitch } from './locale-switch.ts';
import { setUpLoginDialog } from './login-dialog.ts';
import { setUpMenuChildren } from './menu-children.ts';
import { followSession } from './session.ts';
import { setUpToggles } from './toggles.ts';

// The header's behaviour: drop panels, the phone's menu, folding, login, cart and language switch; and the
// page-wide customer parts every page shares: the session, the toaster, favourite and save toggles.
// Everything here only enhances links and forms that already work without JavaScript.

const header = document.querySelector<HTMLElement>('[data-site-header]');
if (header) {
  // From here on the panels follow aria-expanded instead of CSS :hover / :focus-within.
  header.classList.add('enhanced');
  const panels = setUpDropPanels(header);
  setUpMenuChildren(header);
  foldOnScroll(header, () => panels.closeAll());
  setUpHeaderMenu(header, () => panels.closeAll());
  setUpHeaderActions(header);
  setUpLocaleSwitch(header);
}
setUpLoginDialog();
setUpToggles();
followSession();
