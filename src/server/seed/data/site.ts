import type { SeedConfig, SeedMeta, Text } from '../types.ts';

/** A value that reads the same in both languages. */
const same = (value: string): Text => ({ en: value, zh: value });

export const config: SeedConfig[] = [
  { configName: 'companyName', configValue: { en: 'LumenLab Instruments', zh: '流明实验仪器' } },
  { configName: 'salesEmail', configValue: same('sales@lumenlab-instruments.example') },
  { configName: 'phone', configValue: same('+65 6123 4567') },
  { configName: 'whatsapp', configValue: same('+65 9123 4567') },
  { configName: 'wechat', configValue: same('LumenLab-Sales') },
  { configName: 'postalCode', configValue: same('119276') },
  {
    configName: 'address',
    configValue: {
      en: '71 Pasir Panjang Road, #04-08, Singapore 119276',
      zh: '新加坡巴西班让路 71 号 #04-08，邮编 119276',
    },
  },
  {
    configName: 'businessHours',
    configValue: {
      en: 'Monday to Friday, 9:00-18:00 (Singapore time, UTC+8)',
      zh: '周一至周五 9:00-18:00（新加坡时间，UTC+8）',
    },
  },
  { configName: 'supportEmail', configValue: same('support@lumenlab-instruments.example') },
];

interface PageMeta {
  page: string;
  title: Text;
  description: Text;
  keywords: Text;
  ogType: string;
}

const pages: PageMeta[] = [
  {
    page: 'home',
    title: {
      en: 'LumenLab Instruments | Photonics, Spectroscopy, Microscopy & Semiconductor Test',
      zh: '流明实验仪器 | 光电子、光谱、显微成像与半导体测试仪器',
    },
    description: {
      en: 'Lasers, Raman and FTIR spectrometers, confocal microscopes, probe stations and thin-film metrology for research and industry. Configured, tested and supported by application scientists.',
      zh: '为科研与工业用户提供激光器、拉曼及红外光谱仪、共聚焦显微镜、探针台与薄膜量测设备，由应用工程师负责配置、测试与技术支持。',
    },
    keywords: {
      en: 'laboratory instruments, lasers, Raman spectrometer, FTIR, confocal microscope, probe station, ellipsometer',
      zh: '实验室仪器, 激光器, 拉曼光谱仪, 红外光谱仪, 共聚焦显微镜, 探针台, 椭偏仪',
    },
    ogType: 'website',
  },
  {
    page: 'category',
    title: { en: 'Products | LumenLab Instruments', zh: '产品中心 | 流明实验仪器' },
    description: {
      en: 'Browse lasers, light sources, detectors, optics, spectrometers, microscopes, objectives, stages, probe stations and semiconductor test instruments.',
      zh: '浏览激光器、光源、探测器、光学元件、光谱仪、显微镜、物镜、位移台、探针台及半导体测试仪器。',
    },
    keywords: {
      en: 'photonics products, spectrometers, microscopes, semiconductor test equipment',
      zh: '光电产品, 光谱仪, 显微镜, 半导体测试设备',
    },
    ogType: 'website',
  },
  {
    page: 'product',
    title: { en: 'Product Details | LumenLab Instruments', zh: '产品详情 | 流明实验仪器' },
    description: {
      en: 'Specifications, options, datasheets and pricing. Request a quote or talk to an application scientist.',
      zh: '查看技术参数、可选配置、产品规格书及价格，可在线询价或咨询应用工程师。',
    },
    keywords: {
      en: 'specifications, datasheet, price, quote, lead time',
      zh: '技术参数, 产品规格书, 价格, 询价, 交货期',
    },
    ogType: 'product',
  },
  {
    page: 'solutions',
    title: { en: 'Solutions | LumenLab Instruments', zh: '解决方案 | 流明实验仪器' },
    description: {
      en: 'Proven configurations for live-cell imaging, Raman chemical imaging, process spectroscopy, wafer-level characterization and thin-film process control.',
      zh: '活细胞成像、拉曼化学成像、过程光谱分析、晶圆级电学表征及薄膜工艺控制等成熟应用方案。',
    },
    keywords: {
      en: 'microscopy solutions, spectroscopy solutions, semiconductor characterization, application support',
      zh: '显微成像方案, 光谱分析方案, 半导体表征, 应用支持',
    },
    ogType: 'website',
  },
  {
    page: 'knowledge',
    title: { en: 'Knowledge Center | LumenLab Instruments', zh: '知识中心 | 流明实验仪器' },
    description: {
      en: 'Application notes, technical articles, case studies, webinars and company news from our application scientists.',
      zh: '来自应用工程师的应用报告、技术文章、案例分析、网络研讨会及公司新闻。',
    },
    keywords: {
      en: 'application notes, technical articles, case studies, webinars, news',
      zh: '应用报告, 技术文章, 案例分析, 网络研讨会, 新闻动态',
    },
    ogType: 'website',
  },
  {
    page: 'about',
    title: { en: 'About Us | LumenLab Instruments', zh: '关于我们 | 流明实验仪器' },
    description: {
      en: 'LumenLab Instruments designs and builds photonics, spectroscopy, microscopy and semiconductor test instruments in Singapore, with application laboratories in Asia.',
      zh: '流明实验仪器总部位于新加坡，致力于光电子、光谱、显微成像及半导体测试仪器的研发与制造，并在亚洲设有应用实验室。',
    },
    keywords: {
      en: 'LumenLab Instruments, instrument manufacturer, Singapore, application laboratory',
      zh: '流明实验仪器, 仪器制造商, 新加坡, 应用实验室',
    },
    ogType: 'website',
  },
  {
    page: 'search',
    title: { en: 'Search | LumenLab Instruments', zh: '站内搜索 | 流明实验仪器' },
    description: {
      en: 'Search products by name, part number or specification, and find articles and solutions.',
      zh: '按名称、型号或技术参数搜索产品，并查找相关文章与解决方案。',
    },
    keywords: {
      en: 'search, part number, product finder',
      zh: '搜索, 产品型号, 产品选型',
    },
    ogType: 'website',
  },
  {
    page: 'contact',
    title: { en: 'Contact Us | LumenLab Instruments', zh: '联系我们 | 流明实验仪器' },
    description: {
      en: 'Contact our sales engineers and application scientists by email, phone, WhatsApp or WeChat for quotes, demonstrations and technical support.',
      zh: '通过邮件、电话、WhatsApp 或微信联系我们的销售工程师与应用工程师，获取报价、预约演示或技术支持。',
    },
    keywords: {
      en: 'contact, quote, demonstration, technical support, sales',
      zh: '联系我们, 询价, 预约演示, 技术支持, 销售',
    },
    ogType: 'website',
  },
];

export const meta: SeedMeta[] = pages.map(({ page, title, description, keywords, ogType }) => ({
  page,
  meta: [
    { name: 'title', content: title },
    { name: 'description', content: description },
    { name: 'keywords', content: keywords },
    { name: 'og:title', content: { ...title } },
    { name: 'og:description', content: { ...description } },
    { name: 'og:type', content: same(ogType) },
    { name: 'twitter:card', content: same('summary_large_image') },
  ],
}));
