import { useId, useState } from 'react';
import type { Locale } from '#i18n/index.ts';
import { wt } from '#i18n/workspace.ts';

// A record's page in the preview (editorPreview): the site's own page, built from the saved content,
// framed here in either language at phone width (390 px) or a desktop's, and openable in a tab of its own.

export interface PreviewPaths {
  en: string;
  zh: string;
  ms: number;
}

const WIDTHS = { phone: 390, desktop: 1280 } as const;

export default function PreviewPanel({ locale, paths, label }: { locale: Locale; paths: PreviewPaths; label: string }) {
  const [language, setLanguage] = useState<'en' | 'zh'>(locale === 'zh-CN' ? 'zh' : 'en');
  const [width, setWidth] = useState<keyof typeof WIDTHS>('phone');
  const titleId = useId();
  const src = paths[language];
  const languageName = wt(locale, language === 'en' ? 'form.english' : 'form.chinese');
  const widthName = wt(locale, width === 'phone' ? 'preview.phone' : 'preview.desktop');
  return (
    <section className="ws-preview" aria-labelledby={titleId}>
      <h2 id={titleId}>{wt(locale, 'preview.title')}</h2>
      <p className="ws-help">{wt(locale, 'preview.intro', { seconds: (paths.ms / 1000).toFixed(1) })}</p>
      <div className="ws-row ws-preview-tools">
        <fieldset className="ws-toggle">
          <legend>{wt(locale, 'preview.language')}</legend>
          {(['en', 'zh'] as const).map((lang) => (
            <button
              key={lang}
              type="button"
              className="ws-secondary ws-small"
              aria-pressed={language === lang}
              onClick={() => setLanguage(lang)}
            >
              {wt(locale, lang === 'en' ? 'form.english' : 'form.chinese')}
            </button>
          ))}
        </fieldset>
        <fieldset className="ws-toggle">
          <legend>{wt(locale, 'preview.width')}</legend>
          {(['phone', 'desktop'] as const).map((name) => (
            <button
              key={name}
              type="button"
              className="ws-secondary ws-small"
              aria-pressed={width === name}
              onClick={() => setWidth(name)}
            >
              {wt(locale, name === 'phone' ? 'preview.phone' : 'preview.desktop')}
            </button>
          ))}
        </fieldset>
        <a href={src} target="_blank" rel="noopener">
          {wt(locale, 'preview.open')}
        </a>
      </div>
      <div className="ws-preview-frame">
        <iframe
          key={`${src} ${width}`}
          src={src}
          title={wt(locale, 'preview.frame', { label, language: languageName, width: widthName })}
          width={WIDTHS[width]}
          height={860}
          style={{ width: `${WIDTHS[width]}px` }}
        />
      </div>
    </section>
  );
}
