import type { SitePageInput } from '#api/catalogue-file.ts';
import {
  addressList,
  type ConfigInput,
  isMailRouting,
  MAIL_ROUTING_SETTINGS,
  type MetaInput,
} from '#api/editor-fields.ts';
import { sanitizeBody } from '#lib/sanitize.server.ts';
import { ApiError } from '#server/errors.ts';
import { actorLabel } from '../../auth/actor.ts';
import { queueMail } from '../../mail/outbox.ts';
import { mailRoutingChangeMail } from '../../mail/routing.ts';
import type { Edit } from './edit.ts';
import { readRecord } from './records.ts';

// Settings, meta and the fixed pages: a save answers whether it created the row (or updated it).

/**
 * Sets a setting. One that routes mail (MAIL_ROUTING_SETTINGS) must be a list of addresses, is stored as
 * the list written one way in both languages, and a change of its addresses is mailed, in this
 * transaction's outbox, to every old and new address: a new recipient slipped in is seen by the old ones.
 */
export async function saveConfig(
  { tx, actor, audit }: Edit,
  { configName, configValue }: ConfigInput,
): Promise<boolean> {
  const before = await readRecord(tx, 'config', configName);
  let value = configValue;
  const routing = MAIL_ROUTING_SETTINGS.includes(configName);
  if (routing) {
    // The contract checks it too; this covers any other way in.
    if (!isMailRouting(configValue)) throw new ApiError(400, 'api.editor.mailRoutingInvalid', { configName });
    const list = (addressList(configValue.en) ?? []).join(', ');
    value = { en: list, zh: list };
  }
  const [row] = await tx.query<{ created: boolean }>(
    `insert into system_config (config_name, value_en, value_zh) values ($1, $2, $3)
     on conflict (config_name) do update set value_en = excluded.value_en, value_zh = excluded.value_zh
     returning (xmax = 0) as created`,
    [configName, value.en, value.zh],
  );
  audit.push({
    action: 'save',
    entity: 'config',
    key: configName,
    label: configName,
    before: before?.record,
    detail: { configName, configValue: value },
  });
  if (routing) {
    const old = (before?.record.configValue as { en: string } | undefined)?.en ?? '';
    const was = addressList(old) ?? (old.trim() ? [old.trim()] : []);
    const now = value.en.split(', ');
    if (was.join() !== now.join()) {
      const [at] = await tx.query<{ now: string }>(
        "select to_char(now() at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as now",
      );
      const change = { setting: configName, actor: actorLabel(actor), at: at?.now ?? '', before: was, after: now };
      for (const to of new Set([...was, ...now])) await queueMail(tx, mailRoutingChangeMail(to, change));
    }
  }
  return row?.created === true;
}

export async function deleteConfig({ tx, audit }: Edit, configName: string): Promise<void> {
  const before = await readRecord(tx, 'config', configName);
  if (!before) throw new ApiError(404, 'api.configNotFound', { configName });
  // Without it, inquiries and order requests would reach no one.
  if (MAIL_ROUTING_SETTINGS.includes(configName))
    throw new ApiError(409, 'api.editor.mailRoutingRequired', { configName });
  await tx.query('delete from system_config where config_name = $1', [configName]);
  audit.push({ action: 'delete', entity: 'config', key: configName, label: configName, before: before.record });
}

export async function saveMeta({ tx, audit }: Edit, { page, meta }: MetaInput): Promise<boolean> {
  const before = await readRecord(tx, 'meta', page);
  audit.push({
    action: 'save',
    entity: 'meta',
    key: page,
    label: page,
    before: before?.record,
    detail: { page, meta },
  });
  const [row] = await tx.query<{ created: boolean }>(
    `insert into page_meta (page_key, meta_en, meta_zh) values ($1, $2, $3)
     on conflict (page_key) do update set meta_en = excluded.meta_en, meta_zh = excluded.meta_zh
     returning (xmax = 0) as created`,
    [
      page,
      JSON.stringify(meta.map((item) => ({ name: item.name, content: item.content.en }))),
      JSON.stringify(meta.map((item) => ({ name: item.name, content: item.content.zh }))),
    ],
  );
  return row?.created === true;
}

export async function deleteMeta({ tx, audit }: Edit, page: string): Promise<void> {
  const before = await readRecord(tx, 'meta', page);
  if (!before) throw new ApiError(404, 'api.metaNotFound', { page });
  await tx.query('delete from page_meta where page_key = $1', [page]);
  audit.push({ action: 'delete', entity: 'meta', key: page, label: page, before: before.record });
}

export async function saveSitePage({ tx, audit }: Edit, page: SitePageInput): Promise<boolean> {
  const before = await readRecord(tx, 'site-page', page.key);
  audit.push({
    action: 'save',
    entity: 'site-page',
    key: page.key,
    label: page.key,
    before: before?.record,
    detail: page,
  });
  const sections = page.sections.map((section) => ({
    ...section,
    body: { en: sanitizeBody(section.body.en), zh: sanitizeBody(section.body.zh) },
  }));
  const [row] = await tx.query<{ created: boolean }>(
    `insert into site_page (key, title_en, title_zh, summary_en, summary_zh, sections) values ($1, $2, $3, $4, $5, $6)
     on conflict (key) do update set title_en = excluded.title_en, title_zh = excluded.title_zh,
       summary_en = excluded.summary_en, summary_zh = excluded.summary_zh, sections = excluded.sections,
       updated_at = now()
     returning (xmax = 0) as created`,
    [page.key, page.title.en, page.title.zh, page.summary.en, page.summary.zh, JSON.stringify(sections)],
  );
  return row?.created === true;
}
