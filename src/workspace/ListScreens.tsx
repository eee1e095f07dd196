import {
  editorArticleList,
  editorCategoryList,
  editorConfigList,
  editorMetaList,
  editorProductList,
  editorSolutionList,
  type ProductRow,
  type RecordRow,
} from '#api/editor-lists.ts';
import type { Locale } from '#i18n/index.ts';
import { wt } from '#i18n/workspace.ts';
import { Chinese, Flags, ListScreen, SmallListScreen } from './lists.tsx';

// The workspace's lists (issue 39, item 2): products by part number and name, the other records by title,
// both languages side by side in each row.

interface ScreenProps {
  locale: Locale;
  token: string;
  onSignedOut: () => void;
}

export function ProductList(props: ScreenProps) {
  const { locale } = props;
  return (
    <ListScreen<typeof editorProductList, ProductRow>
      {...props}
      contract={editorProductList}
      titleKey="nav.products"
      searchKey="list.searchProducts"
      sorts={['updated', 'name', 'partNumber', 'relevance']}
      byCategory
      newHref="#/products/new"
      head={
        <tr>
          <th scope="col">{wt(locale, 'list.partNumber')}</th>
          <th scope="col">{wt(locale, 'list.nameEn')}</th>
          <th scope="col">{wt(locale, 'list.nameZh')}</th>
          <th scope="col">{wt(locale, 'list.category')}</th>
          <th scope="col">{wt(locale, 'list.state')}</th>
        </tr>
      }
      row={(product) => (
        <tr key={product.id}>
          <td className="ws-mono" data-label={wt(locale, 'list.partNumber')}>
            <a href={`#/products/${product.id}`}>{product.partNumber}</a>
          </td>
          <td lang="en" data-label={wt(locale, 'list.nameEn')}>
            {product.name.en}
          </td>
          <td data-label={wt(locale, 'list.nameZh')}>
            <Chinese locale={locale} text={product.name.zh} />
          </td>
          <td data-label={wt(locale, 'list.category')}>
            {locale === 'zh-CN' ? product.category.name.zh || product.category.name.en : product.category.name.en}
          </td>
          <td data-label={wt(locale, 'list.state')}>
            <Flags locale={locale} record={product} />
          </td>
        </tr>
      )}
    />
  );
}

const RECORD_LISTS = {
  categories: { contract: editorCategoryList, titleKey: 'nav.categories', keyKey: 'list.key' },
  solutions: { contract: editorSolutionList, titleKey: 'nav.solutions', keyKey: 'list.id' },
  articles: { contract: editorArticleList, titleKey: 'nav.articles', keyKey: 'list.id' },
} as const;

export function RecordList(props: ScreenProps & { kind: keyof typeof RECORD_LISTS }) {
  const { locale, kind } = props;
  const { contract, titleKey, keyKey } = RECORD_LISTS[kind];
  return (
    <ListScreen<typeof contract, RecordRow>
      {...props}
      key={kind}
      contract={contract}
      titleKey={titleKey}
      sorts={['updated', 'title']}
      newHref={`#/${kind}/new`}
      head={
        <tr>
          <th scope="col">{wt(locale, keyKey)}</th>
          <th scope="col">{wt(locale, 'list.titleEn')}</th>
          <th scope="col">{wt(locale, 'list.titleZh')}</th>
          <th scope="col">{wt(locale, 'list.state')}</th>
        </tr>
      }
      row={(record) => (
        <tr key={record.id}>
          <td className="ws-mono" data-label={wt(locale, keyKey)}>
            <a href={`#/${kind}/${record.id}`}>{record.key}</a>
          </td>
          <td lang="en" data-label={wt(locale, 'list.titleEn')}>
            {record.title.en}
          </td>
          <td data-label={wt(locale, 'list.titleZh')}>
            <Chinese locale={locale} text={record.title.zh} />
          </td>
          <td data-label={wt(locale, 'list.state')}>
            <Flags locale={locale} record={record} />
          </td>
        </tr>
      )}
    />
  );
}

/** Page meta and settings: tens of rows, no pages; each text in both languages side by side. */
export function MetaList(props: ScreenProps) {
  const { locale } = props;
  return (
    <SmallListScreen
      {...props}
      contract={editorMetaList}
      titleKey="nav.meta"
      head={
        <tr>
          <th scope="col">{wt(locale, 'list.page')}</th>
          <th scope="col">{wt(locale, 'list.tag')}</th>
          <th scope="col">{wt(locale, 'list.textEn')}</th>
          <th scope="col">{wt(locale, 'list.textZh')}</th>
        </tr>
      }
      row={(record) =>
        record.meta.map((tag, index) => (
          <tr key={`${record.page}-${tag.name}`}>
            <td className="ws-mono" data-label={wt(locale, 'list.page')}>
              {index === 0 ? <a href={`#/meta/${encodeURIComponent(record.page)}`}>{record.page}</a> : ''}
            </td>
            <td className="ws-mono" data-label={wt(locale, 'list.tag')}>
              {tag.name}
            </td>
            <td lang="en" data-label={wt(locale, 'list.textEn')}>
              {tag.content.en}
            </td>
            <td data-label={wt(locale, 'list.textZh')}>
              <Chinese locale={locale} text={tag.content.zh} />
            </td>
          </tr>
        ))
      }
    />
  );
}

export function ConfigList(props: ScreenProps) {
  const { locale } = props;
  return (
    <SmallListScreen
      {...props}
      contract={editorConfigList}
      titleKey="nav.config"
      head={
        <tr>
          <th scope="col">{wt(locale, 'list.setting')}</th>
          <th scope="col">{wt(locale, 'list.textEn')}</th>
          <th scope="col">{wt(locale, 'list.textZh')}</th>
        </tr>
      }
      row={(record) => (
        <tr key={record.configName}>
          <td className="ws-mono" data-label={wt(locale, 'list.setting')}>
            <a href={`#/config/${encodeURIComponent(record.configName)}`}>{record.configName}</a>
          </td>
          <td lang="en" data-label={wt(locale, 'list.textEn')}>
            {record.value.en}
          </td>
          <td data-label={wt(locale, 'list.textZh')}>
            <Chinese locale={locale} text={record.value.zh} />
          </td>
        </tr>
      )}
    />
  );
}
