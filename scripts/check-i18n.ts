// `npm run lint`'s locale check: i18n/zh-CN.json has exactly the keys of i18n/en.json.
import { checkLocaleFiles } from '#i18n/check.ts';

checkLocaleFiles();
console.log('i18n: en.json and zh-CN.json have the same keys');
