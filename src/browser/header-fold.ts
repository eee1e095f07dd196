/** Scroll distance in pixels after which the header folds (SPEC section 9). */
const FOLD_AT = 164;

/** Folds the header (class `folded`) past FOLD_AT pixels of scroll and unfolds it above; `onFold` runs on folding. */
export function foldOnScroll(header: HTMLElement, onFold: () => void): void {
  const top = header.querySelector<HTMLElement>('.header-top');
  const search = header.querySelector<HTMLElement>('.search');
  let folded = false;
  let queued = false;

  const update = () => {
    queued = false;
    // Someone typing in the search box keeps the top row (a phone's keyboard may scroll the page).
    const shouldFold = window.scrollY > FOLD_AT && !search?.contains(document.activeElement);
    if (shouldFold === folded) return;
    folded = shouldFold;
    // The header slides up by the top row's height rather than collapsing it, so the page's layout
    // (and with it the scroll position) does not change when it folds.
    if (folded && top) header.style.setProperty('--fold-offset', `${top.offsetHeight}px`);
    header.classList.toggle('folded', folded);
    if (folded) onFold();
  };

  window.addEventListener(
    'scroll',
    () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(update);
    },
    { passive: true },
  );
  // The first check waits for the next frame: reading scrollY now would force a layout of the whole page
  // inside this script's task, one long task instead of two short ones on a slow phone.
  queued = true;
  requestAnimationFrame(update);
}
