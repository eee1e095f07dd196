// The /newsletter page: shows one button for the link's action (confirm or unsubscribe) and posts the
// token when it is pressed; the answer, or the API's message for a used or unknown link, lands as text.

interface Text {
  confirmText: string;
  confirm: string;
  confirmed: string;
  unsubscribeText: string;
  unsubscribe: string;
  unsubscribed: string;
  failed: string;
}

/** The action and token a newsletter link carries, or undefined without one. */
function linkAction(search: string): { action: 'confirm' | 'unsubscribe'; token: string } | undefined {
  const params = new URLSearchParams(search);
  for (const action of ['confirm', 'unsubscribe'] as const) {
    const token = params.get(action);
    if (token) return { action, token: token.slice(0, 200) };
  }
  return undefined;
}

export function startNewsletterPage(): void {
  const root = document.querySelector<HTMLElement>('[data-newsletter]');
  const link = linkAction(location.search);
  if (!root || !link) return;
  const text = JSON.parse(root.dataset.text ?? '{}') as Text;
  const language = root.dataset.locale === 'zh-CN' ? 'zh' : 'en';
  const api = import.meta.env.PUBLIC_API_BASE || '/api';
  const intro = root.querySelector<HTMLElement>('[data-newsletter-text]');
  const button = root.querySelector<HTMLButtonElement>('[data-newsletter-button]');
  const status = root.querySelector<HTMLElement>('[data-newsletter-status]');
  if (!intro || !button || !status) return;
  const confirm = link.action === 'confirm';
  intro.textContent = confirm ? text.confirmText : text.unsubscribeText;
  button.textContent = confirm ? text.confirm : text.unsubscribe;
  button.hidden = false;
  button.addEventListener('click', async () => {
    button.disabled = true;
    let message = text.failed;
    try {
      const response = await fetch(`${api}/newsletter/${link.action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ language, token: link.token }),
      });
      const body = (await response.json()) as { code?: unknown; msg?: unknown };
      if (body.code === 200) {
        message = confirm ? text.confirmed : text.unsubscribed;
        button.hidden = true;
      } else if (typeof body.msg === 'string') {
        message = body.msg;
      }
    } catch {
      // The message stays the generic failure; the button works again for a retry.
    }
    status.textContent = message;
    button.disabled = false;
  });
}
