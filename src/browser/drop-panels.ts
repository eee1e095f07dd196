// The Products and Solutions drop panels: a disclosure pattern (a button with aria-expanded and
// aria-controls over a panel of plain links). The pointer opens them by hovering; from the keyboard,
// focus alone opens nothing (tabbing along the bar passes the buttons by), Enter and Space toggle,
// ArrowDown opens and moves into the panel, and Escape closes and puts focus back on the button.
// Inside the phone's menu (src/browser/header-menu.ts) the same buttons are plain disclosures: a tap or Enter
// toggles, nothing opens on hover or closes on leaving, and Escape is left to the menu, which it closes.

/** How a panel was opened: a pointer keeps it open while it hovers, the keyboard while focus is inside. */
type OpenedBy = 'pointer' | 'keyboard';

interface DropPanel {
  item: HTMLElement;
  trigger: HTMLButtonElement;
  panel: HTMLElement;
  openedBy?: OpenedBy;
}

/** Wires every `[data-panel]` item in the header; `closeAll` closes whatever is open. */
export function setUpDropPanels(header: HTMLElement): { closeAll: () => void } {
  const panels = [...header.querySelectorAll<HTMLElement>('[data-panel]')].flatMap((item): DropPanel[] => {
    const trigger = item.querySelector<HTMLButtonElement>('button[aria-controls]');
    const panel = trigger && document.getElementById(trigger.getAttribute('aria-controls') ?? '');
    return trigger && panel ? [{ item, trigger, panel }] : [];
  });

  const close = (p: DropPanel) => {
    p.openedBy = undefined;
    p.item.classList.remove('open');
    p.trigger.setAttribute('aria-expanded', 'false');
  };
  const open = (p: DropPanel, by: OpenedBy) => {
    for (const other of panels) if (other !== p && other.openedBy) close(other);
    p.openedBy = by;
    p.item.classList.add('open');
    p.trigger.setAttribute('aria-expanded', 'true');
  };
  const closeAll = () => {
    for (const p of panels) if (p.openedBy) close(p);
  };
  const closeAndReturn = (p: DropPanel) => {
    close(p);
    p.trigger.focus();
  };

  const inMenu = (p: DropPanel) => p.item.closest('dialog') !== null;

  for (const p of panels) {
    p.item.addEventListener('mouseenter', () => {
      if (!p.openedBy && !inMenu(p)) open(p, 'pointer');
    });
    p.item.addEventListener('mouseleave', () => {
      if (inMenu(p)) return;
      if (!p.item.contains(document.activeElement) || p.openedBy === 'pointer') close(p);
    });
    p.item.addEventListener('focusout', (event) => {
      const next = event.relatedTarget as Node | null;
      if (inMenu(p)) return;
      if (p.openedBy && !(next && p.item.contains(next)) && !p.item.matches(':hover')) close(p);
    });
    p.trigger.addEventListener('click', (event) => {
      // A mouse click (detail > 0) on a panel that hovering already opened keeps it open; Enter and Space toggle.
      if (event.detail > 0 && !inMenu(p)) open(p, 'pointer');
      else if (p.openedBy) close(p);
      else open(p, 'keyboard');
    });
    p.item.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && p.openedBy && !inMenu(p)) {
        event.preventDefault();
        closeAndReturn(p);
      } else if (event.key === 'ArrowDown' && event.target === p.trigger) {
        event.preventDefault();
        open(p, 'keyboard');
        p.panel.querySelector<HTMLElement>('a[href]')?.focus();
      }
    });
  }

  // A tap or click anywhere else closes an open panel (touch screens have no mouseleave to rely on).
  document.addEventListener('pointerdown', (event) => {
    for (const p of panels) if (p.openedBy && !inMenu(p) && !p.item.contains(event.target as Node)) close(p);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') closeAll();
  });

  return { closeAll };
}
