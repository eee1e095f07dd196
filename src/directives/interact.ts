import type { ClientDirective } from 'astro';

// `client:interact`: hydrates an island on the visitor's first interaction with it (focus moving into it,
// the pointer over it, a touch), so a page nobody uses the island on loads none of its JavaScript. What
// the visitor does in the meantime is kept: a box already focused stays focused, and its text stays.
const EVENTS = ['focusin', 'pointerover', 'pointerdown', 'touchstart'] as const;

const interact: ClientDirective = (load, _options, element) => {
  let started = false;
  const hydrate = async () => {
    if (started) return;
    started = true;
    for (const type of EVENTS) element.removeEventListener(type, hydrate, true);
    const run = await load();
    await run();
  };
  for (const type of EVENTS) element.addEventListener(type, hydrate, { capture: true, passive: true });
  // Focus may already be inside (a fast Tab, or autofocus) before this script ran.
  if (element.contains(document.activeElement)) void hydrate();
};

export default interact;
