// Leaving a screen with unsaved changes asks first: the screen that holds them sets the question, and the
// workspace asks it before it follows a change of the page's hash (Workspace.tsx).

let question: (() => string) | undefined;

/** Sets (or clears) what to ask before leaving the current screen. */
export function setLeaveGuard(ask: (() => string) | undefined): void {
  question = ask;
}

/** Whether the editor agrees to leave the current screen (asked only when it holds unsaved changes). */
export function mayLeave(): boolean {
  return question === undefined || window.confirm(question());
}
