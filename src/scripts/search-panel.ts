// The search box is a combobox: its suggestions panel opens while the input has focus and closes on blur
// or Escape. The suggestions themselves are filled in elsewhere; until then the panel holds a hint.

/** Opens `#search-panel` while the header's search input has focus. */
export function setUpSearchPanel(header: HTMLElement): void {
  const input = header.querySelector<HTMLInputElement>('input[aria-controls="search-panel"]');
  const panel = document.getElementById('search-panel');
  if (!input || !panel) return;

  const show = (open: boolean) => {
    panel.hidden = !open;
    input.setAttribute('aria-expanded', String(open));
  };

  input.addEventListener('focus', () => show(true));
  input.addEventListener('blur', () => show(false));
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !panel.hidden) {
      event.preventDefault();
      show(false);
    }
  });
  // Pressing on the panel must not blur the input first, or a suggestion would vanish before its click.
  panel.addEventListener('pointerdown', (event) => event.preventDefault());
  if (document.activeElement === input) show(true);
}
