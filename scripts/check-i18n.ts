// `npm run lint`'s locale check: i18n/zh-CN.json has exactly the keys of i18n/en.json, and the workspace's pair too.
import { checkLocaleFiles } from '#i18n/check.ts';

checkLocaleFiles();
console.log('i18n: en.json and zh-CN.json have the same keys, and so do workspace/en.json and workspace/zh-CN.json');
