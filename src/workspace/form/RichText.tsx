import { useEffect, useRef, useState } from 'react';
import type { Locale } from '#i18n/index.ts';
import { wt } from '#i18n/workspace.ts';
import { BODY_ATTRIBUTES, BODY_SCHEMES, BODY_TAGS } from '#lib/sanitize-rules.ts';
import { cleanBody } from './clean.ts';

// A body's rich text (articles, solutions): a formatted area with the few tools whose markup the site
// keeps, or the HTML itself. What the server keeps is shown beside it; the saved body comes back cleaned,
// so what the editor sees after a save is what visitors get.

const TOOLS = [
  { command: 'formatBlock', argument: 'h2', key: 'rich.h2' },
  { command: 'formatBlock', argument: 'h3', key: 'rich.h3' },
  { command: 'formatBlock', argument: 'p', key: 'rich.p' },
  { command: 'bold', key: 'rich.bold' },
  { command: 'italic', key: 'rich.italic' },
  { command: 'insertUnorderedList', key: 'rich.ul' },
  { command: 'insertOrderedList', key: 'rich.ol' },
  { command: 'createLink', key: 'rich.link' },
  { command: 'removeFormat', key: 'rich.clear' },
] as const;

export default function RichText({
  id,
  locale,
  lang,
  label,
  value,
  invalid,
  describedBy,
  onChange,
}: {
  id: string;
  locale: Locale;
  lang: string;
  label: string;
  value: string;
  invalid: boolean;
  describedBy: string | undefined;
  onChange: (html: string) => void;
}) {
  const area = useRef<HTMLDivElement>(null);
  const [source, setSource] = useState(false);
  // The area is the browser's own while the editor types: it is written only when the value comes from
  // elsewhere (the record loaded, a restore, the HTML view).
  // What is written is cleaned first (clean.ts): the value is the API's, and untrusted.
  useEffect(() => {
    const element = area.current;
    if (element && element.innerHTML !== value) element.innerHTML = cleanBody(value);
  }, [value]);

  const run = (command: (typeof TOOLS)[number]) => {
    area.current?.focus();
    let argument: string | undefined = 'argument' in command ? command.argument : undefined;
    if (command.command === 'createLink') {
      const address = window.prompt(wt(locale, 'rich.linkPrompt'), 'https://');
      if (!address) return;
      argument = address;
    }
    document.execCommand(command.command, false, argument);
    if (area.current) onChange(area.current.innerHTML);
  };

  return (
    <div className="ws-rich">
      <div className="ws-rich-tools" role="toolbar" aria-label={wt(locale, 'rich.tools', { field: label })}>
        {!source &&
          TOOLS.map((tool) => (
            <button
              key={tool.key}
              type="button"
              className="ws-secondary ws-small"
              // Keeps the selection in the text while the button is pressed.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => run(tool)}
            >
              {wt(locale, tool.key)}
            </button>
          ))}
        <button
          type="button"
          className="ws-secondary ws-small"
          aria-pressed={source}
          onClick={() => setSource(!source)}
        >
          {wt(locale, 'rich.source')}
        </button>
      </div>
      {source ? (
        <textarea
          id={id}
          lang={lang}
          className="ws-mono"
          rows={12}
          aria-label={`${label} (HTML)`}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: a formatted text area has no element of its own
        <div
          id={id}
          ref={area}
          lang={lang}
          className="ws-rich-area"
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          tabIndex={0}
          aria-multiline="true"
          aria-label={label}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onInput={(event) => onChange(event.currentTarget.innerHTML)}
        />
      )}
      <details className="ws-rich-rules">
        <summary>{wt(locale, 'rich.rules')}</summary>
        <p>{wt(locale, 'rich.rulesTags', { tags: BODY_TAGS.map((tag) => `<${tag}>`).join(' ') })}</p>
        <p>
          {wt(locale, 'rich.rulesAttributes', {
            attributes: Object.entries(BODY_ATTRIBUTES)
              .map(([tag, names]) => `<${tag}> ${names.join(', ')}`)
              .join('; '),
            schemes: BODY_SCHEMES.join(', '),
          })}
        </p>
        <p>{wt(locale, 'rich.rulesRest')}</p>
      </details>
    </div>
  );
}
