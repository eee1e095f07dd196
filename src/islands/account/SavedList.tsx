import type { ReactNode } from 'react';
import { type Locale, t } from '#i18n/index.ts';
import RemoveButton from './RemoveButton.tsx';

interface Props<T> {
  locale: Locale;
  /** Names the heading (its id) and marks the list (`data-<name>`). */
  name: 'favourites' | 'saved-articles';
  title: string;
  /** Said instead of the list when it has no items. */
  empty: string;
  items: T[];
  keyOf: (item: T) => number;
  /** The Remove button's accessible name for an item. */
  removeLabel: (item: T) => string;
  onRemove: (item: T) => void;
  /** What an item shows before its Remove button. */
  children: (item: T) => ReactNode;
}

/** One list of the Saved page: a heading, then the items, each with a Remove button, or a line saying there are none. */
export default function SavedList<T>({
  locale,
  name,
  title,
  empty,
  items,
  keyOf,
  removeLabel,
  onRemove,
  children,
}: Props<T>) {
  const headingId = name;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {items.length === 0 ? (
        <p className="empty">{empty}</p>
      ) : (
        <ul className="saved-list" {...{ [`data-${headingId}`]: true }}>
          {items.map((item) => (
            <li key={keyOf(item)}>
              <div>{children(item)}</div>
              <RemoveButton
                text={t(locale, 'savedList.remove')}
                label={removeLabel(item)}
                onRemove={() => onRemove(item)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
