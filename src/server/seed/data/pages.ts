import type { SeedSitePage } from '../types.ts';

/** Joins HTML fragments so long bodies stay readable in source. */
const html = (...parts: string[]): string => parts.join('');

const sales = '<a href="mailto:sales@lumenlab-instruments.example">sales@lumenlab-instruments.example</a>';
const support = '<a href="mailto:support@lumenlab-instruments.example">support@lumenlab-instruments.example</a>';
const dpo = '<a href="mailto:privacy@lumenlab-instruments.example">privacy@lumenlab-instruments.example</a>';

export const pages: SeedSitePage[] = [
  // ---------------------------------------------------------------- About us
  {
    key: 'about',
    title: { en: 'About us', zh: '关于我们' },
    summary: {
      en: 'LumenLab Instruments designs, builds and supports photonics, spectroscopy, microscopy and semiconductor test instruments from its headquarters in Singapore.',
      zh: '流明实验仪器总部位于新加坡，专注于光电子、光谱、显微成像及半导体测试仪器的研发、制造与技术服务。',
    },
    sections: [
      {
        id: 'company-profile',
        title: { en: 'Company profile', zh: '公司简介' },
        body: {
          en: html(
            '<p>LumenLab Instruments was founded in Singapore in 2009 by three optical engineers who wanted laboratory instruments that are specified honestly, built to last and supported by people who use them every day. Today we design and manufacture lasers and light sources, fiber and Raman spectrometers, FTIR systems, confocal and fluorescence microscopes, probe stations and thin-film metrology tools.</p>',
            '<p>Our 240 employees work in Singapore and at our application laboratory in Shanghai. More than a third of them are engineers and scientists in research and development. Optical assembly, alignment, final test and calibration all take place in our own facility on Pasir Panjang Road, under a quality management system certified to ISO 9001.</p>',
            '<p>Universities, national research institutes, semiconductor fabs and pharmaceutical quality-control laboratories in more than 30 countries rely on our instruments. Every system ships with a factory test report, and every customer has a named application scientist to call.</p>',
          ),
          zh: html(
            '<p>流明实验仪器于 2009 年在新加坡成立，创始团队由三位光学工程师组成。我们的初衷很简单：做参数标注实事求是、经久耐用、并由真正懂应用的人提供支持的实验室仪器。目前，公司产品涵盖激光器与光源、光纤光谱仪与拉曼光谱仪、傅里叶变换红外光谱仪、共聚焦及荧光显微镜、探针台以及薄膜量测设备。</p>',
            '<p>公司现有员工 240 余人，分布在新加坡总部和上海应用实验室，其中研发人员占三分之一以上。光学装配、光路调校、整机测试与校准均在位于巴西班让路的自有工厂内完成，质量管理体系已通过 ISO 9001 认证。</p>',
            '<p>我们的仪器已服务于 30 多个国家和地区的高校、国家级科研院所、半导体晶圆厂及制药质控实验室。每台设备出厂均附带测试报告，每位客户都有专属的应用工程师对接。</p>',
          ),
        },
      },
      {
        id: 'corporate-culture',
        title: { en: 'Corporate culture', zh: '企业文化' },
        body: {
          en: html(
            '<p><strong>Our mission:</strong> to give researchers and engineers instruments they can trust, so they can spend their time on results rather than on their equipment.</p>',
            '<h3>What we stand for</h3>',
            '<ul>',
            '<li><strong>Measured, not promised.</strong> We publish specifications we have measured on production units, and we show the data behind them.</li>',
            '<li><strong>Close to the bench.</strong> Our application scientists run real samples every week, and what they learn goes straight back into product design.</li>',
            '<li><strong>Built for the long run.</strong> We keep spare parts and service for at least ten years after an instrument is discontinued.</li>',
            '<li><strong>Open with customers.</strong> If a product is not the right fit for your application, we will tell you, even if that means no sale.</li>',
            '</ul>',
          ),
          zh: html(
            '<p><strong>企业使命：</strong>为科研人员和工程师提供值得信赖的仪器，让他们把精力用在研究成果上，而不是耗在设备上。</p>',
            '<h3>核心价值观</h3>',
            '<ul>',
            '<li><strong>实测为准：</strong>公布的技术指标均来自量产机型的实测数据，并可提供测试依据。</li>',
            '<li><strong>贴近应用：</strong>应用工程师每周都在实验室测试真实样品，一线经验直接反馈到产品设计中。</li>',
            '<li><strong>长期负责：</strong>产品停产后，备件供应与维修服务至少保留十年。</li>',
            '<li><strong>坦诚相待：</strong>如果某款产品并不适合您的应用，我们会如实相告，哪怕因此失去一笔订单。</li>',
            '</ul>',
          ),
        },
      },
      {
        id: 'development-course',
        title: { en: 'Our history', zh: '发展历程' },
        body: {
          en: html(
            '<ol>',
            '<li><strong>2009</strong> LumenLab Instruments is founded in Singapore; the first product is a wavelength-stabilized diode laser module.</li>',
            '<li><strong>2012</strong> The first compact fiber spectrometer series is launched and a dedicated optical assembly clean room opens.</li>',
            '<li><strong>2014</strong> The Raman spectrometer platform is introduced; our quality management system is certified to ISO 9001.</li>',
            '<li><strong>2016</strong> The Shanghai application laboratory opens, offering demonstrations, training and service for customers in China.</li>',
            '<li><strong>2018</strong> We enter microscopy with our first laser-scanning confocal microscope.</li>',
            '<li><strong>2021</strong> Semiconductor probe stations and thin-film metrology tools join the product range.</li>',
            '<li><strong>2023</strong> Headquarters and production move to a larger facility on Pasir Panjang Road, with an in-house calibration laboratory.</li>',
            '<li><strong>2026</strong> Our bilingual online store opens, with live pricing, online quotations and order tracking.</li>',
            '</ol>',
          ),
          zh: html(
            '<ol>',
            '<li><strong>2009</strong> 流明实验仪器在新加坡成立，首款产品为波长稳定型半导体激光模块。</li>',
            '<li><strong>2012</strong> 推出首个小型光纤光谱仪系列，并建成专用光学装配洁净间。</li>',
            '<li><strong>2014</strong> 发布拉曼光谱仪平台；公司质量管理体系通过 ISO 9001 认证。</li>',
            '<li><strong>2016</strong> 上海应用实验室正式启用，为中国客户提供样品测试、培训与售后服务。</li>',
            '<li><strong>2018</strong> 推出首款激光扫描共聚焦显微镜，正式进入显微成像领域。</li>',
            '<li><strong>2021</strong> 半导体探针台与薄膜量测设备加入产品线。</li>',
            '<li><strong>2023</strong> 总部及生产基地迁入巴西班让路新址，面积大幅扩充，并建成自有校准实验室。</li>',
            '<li><strong>2026</strong> 中英文在线商城上线，支持实时价格查询、在线询价和订单跟踪。</li>',
            '</ol>',
          ),
        },
      },
      {
        id: 'contact-information',
        title: { en: 'Contact information', zh: '联系方式' },
        body: {
          en: html(
            '<h3>Headquarters and manufacturing</h3>',
            '<p>LumenLab Instruments Pte. Ltd., 71 Pasir Panjang Road, #04-08, Singapore 119276</p>',
            '<ul>',
            `<li><strong>Sales:</strong> ${sales}</li>`,
            `<li><strong>Technical support:</strong> ${support}</li>`,
            '<li><strong>Phone:</strong> +65 6123 4567</li>',
            '<li><strong>WhatsApp:</strong> +65 9123 4567</li>',
            '<li><strong>WeChat:</strong> LumenLab-Sales</li>',
            '</ul>',
            '<h3>Shanghai application laboratory</h3>',
            '<p>Zhangjiang Hi-Tech Park, Pudong New Area, Shanghai, China. Sample measurements, demonstrations, training and service for customers in mainland China. Visits by appointment only; please contact our sales team to arrange one.</p>',
            '<h3>Office hours</h3>',
            '<p>Monday to Friday, 9:00-18:00 (Singapore and Shanghai are both on UTC+8), closed on local public holidays. Messages received outside office hours are answered on the next working day.</p>',
          ),
          zh: html(
            '<h3>新加坡总部及生产基地</h3>',
            '<p>流明实验仪器有限公司（LumenLab Instruments Pte. Ltd.）</p>',
            '<p>地址：新加坡巴西班让路 71 号 #04-08，邮编 119276</p>',
            '<ul>',
            `<li><strong>销售邮箱：</strong>${sales}</li>`,
            `<li><strong>技术支持：</strong>${support}</li>`,
            '<li><strong>电话：</strong>+65 6123 4567</li>',
            '<li><strong>WhatsApp：</strong>+65 9123 4567</li>',
            '<li><strong>微信：</strong>LumenLab-Sales</li>',
            '</ul>',
            '<h3>上海应用实验室</h3>',
            '<p>地址：中国上海市浦东新区张江高科技园区。面向中国大陆客户提供样品测试、产品演示、操作培训及售后服务。来访请提前与销售团队预约。</p>',
            '<h3>办公时间</h3>',
            '<p>周一至周五 9:00-18:00（新加坡与上海均为 UTC+8），法定节假日休息。非办公时间收到的留言，我们将在下一个工作日内回复。</p>',
          ),
        },
      },
      {
        id: 'give-feedback',
        title: { en: 'Give feedback', zh: '意见反馈' },
        body: {
          en: '<p>Whether it is about an instrument, a quotation, a delivery or this website, we want to hear from you. Send us your suggestions or concerns through our <a href="/contact">contact form</a>. Every message is read by a member of our team, and complaints are passed to our quality manager and acknowledged within two working days.</p>',
          zh: '<p>无论是关于仪器本身、报价、交付还是本网站，我们都期待听到您的声音。欢迎通过<a href="/contact">在线留言</a>提出建议或意见。每条留言都会有专人阅读；如涉及投诉，将转交质量负责人处理，并在两个工作日内给予答复。</p>',
        },
      },
    ],
  },

  // ---------------------------------------------------------------- FAQ
  {
    key: 'faq',
    title: { en: 'Frequently asked questions', zh: '常见问题' },
    summary: {
      en: 'Answers to the questions we hear most often about quotations, delivery, warranty, installation, calibration and support.',
      zh: '汇总客户最常咨询的问题，涵盖报价、交货、质保、安装培训、校准及技术支持等方面。',
    },
    sections: [
      {
        id: 'quotation',
        title: { en: 'How do I get a quotation?', zh: '如何获取报价？' },
        body: {
          en: html(
            '<p>Add the products and options you need to your basket and choose <strong>Request a quote</strong>, or send us your requirements through the <a href="/contact">contact form</a>. A sales engineer will reply within one working day with a formal quotation.</p>',
            '<p>Quotations are valid for 60 days and state the configuration, price, delivery terms and estimated lead time. For complex systems we usually schedule a short call first to make sure the configuration fits your application.</p>',
          ),
          zh: html(
            '<p>您可将所需产品及配置加入购物车后点击<strong>“申请报价”</strong>，也可通过<a href="/contact">在线留言</a>告诉我们您的需求。销售工程师将在一个工作日内向您发送正式报价单。</p>',
            '<p>报价单有效期为 60 天，列明具体配置、价格、交货条款及预计交货期。对于较复杂的系统，我们通常会先与您进行简短沟通，确认配置与应用需求相匹配。</p>',
          ),
        },
      },
      {
        id: 'lead-time',
        title: { en: 'What are your lead times?', zh: '交货期一般多长？' },
        body: {
          en: html(
            '<p>Each product page shows an estimated lead time and ship date. Items in stock usually ship within 3-5 working days; configured systems typically take 4-12 weeks.</p>',
            '<p>Please note that lead times and ship dates are estimates and <strong>may change with stock availability</strong>. The binding ship date is the one stated in your order confirmation, and we will inform you promptly if it changes.</p>',
          ),
          zh: html(
            '<p>每个产品页面均标有预计交货期和发货日期。现货产品通常在 3-5 个工作日内发货；需定制配置的系统一般需要 4-12 周。</p>',
            '<p>请注意，页面所示交货期和发货日期仅供参考，<strong>可能随库存情况而变动</strong>。最终以订单确认书中的发货日期为准，如有变化，我们会第一时间通知您。</p>',
          ),
        },
      },
      {
        id: 'payment-terms',
        title: { en: 'Which payment terms do you accept?', zh: '支持哪些付款方式？' },
        body: {
          en: html(
            '<p>We accept bank transfer and purchase orders. Universities, research institutes and established business customers can be granted 30 days net from invoice date after a credit check. For first orders and large systems we may ask for a deposit or a letter of credit.</p>',
            '<p>We invoice in Singapore dollars (SGD) or US dollars (USD). Customers in mainland China can be invoiced in renminbi (RMB) through our Shanghai office.</p>',
          ),
          zh: html(
            '<p>我们接受银行转账及采购订单。高校、科研院所及长期合作的企业客户，经信用审核后可享受发票日起 30 天的账期。首次合作或金额较大的系统订单，我们可能要求预付定金或开立信用证。</p>',
            '<p>结算币种为新加坡元（SGD）或美元（USD）。中国大陆客户可通过上海办事处以人民币结算。</p>',
          ),
        },
      },
      {
        id: 'warranty',
        title: { en: 'What warranty do your instruments carry?', zh: '仪器的质保期是多久？' },
        body: {
          en: html(
            '<p>Instruments are covered for <strong>24 months</strong> from installation, or 26 months from shipment, whichever comes first. Lasers and light sources carry 12 months or the operating hours stated in the datasheet. Consumables such as lamps, fibers and probe tips are not covered.</p>',
            '<p>Extended warranty and service contracts of up to five years are available at the time of purchase or before the standard warranty ends.</p>',
          ),
          zh: html(
            '<p>仪器整机自安装之日起质保 <strong>24 个月</strong>，或自发货之日起 26 个月，以先到者为准。激光器及光源的质保期为 12 个月或规格书注明的工作小时数。灯泡、光纤、探针等耗材不在质保范围内。</p>',
            '<p>购买时或标准质保期届满前，可加购延保或签订服务合同，最长可延至五年。</p>',
          ),
        },
      },
      {
        id: 'installation-training',
        title: { en: 'Do you provide installation and training?', zh: '是否提供安装调试和培训？' },
        body: {
          en: html(
            '<p>Yes. Complex systems such as confocal microscopes, Raman imaging systems and probe stations are installed on site by our engineers and include one to two days of operator training. Benchtop instruments come with remote commissioning by video call.</p>',
            '<p>Advanced application training can be held at your laboratory or at our application laboratories in Singapore and Shanghai.</p>',
          ),
          zh: html(
            '<p>提供。共聚焦显微镜、拉曼成像系统、探针台等复杂设备由我司工程师上门安装调试，并包含 1-2 天的操作培训。台式仪器可通过视频远程指导完成调试。</p>',
            '<p>如需进阶应用培训，可安排在贵单位实验室进行，也可前往我们的新加坡或上海应用实验室参加。</p>',
          ),
        },
      },
      {
        id: 'calibration',
        title: {
          en: 'Are instruments calibrated, and how often should they be recalibrated?',
          zh: '仪器出厂是否经过校准？多久需要重新校准？',
        },
        body: {
          en: html(
            '<p>Every instrument is calibrated before shipment and delivered with a calibration certificate traceable to national measurement standards. We recommend recalibration every 12 months, or more often if your quality system requires it.</p>',
            '<p>Recalibration is carried out in our Singapore calibration laboratory, at our Shanghai application laboratory, or on site for instruments that should not be moved.</p>',
          ),
          zh: html(
            '<p>所有仪器出厂前均经过校准，并随附可溯源至国家计量标准的校准证书。建议每 12 个月重新校准一次；如贵单位质量体系有更严格的要求，可相应缩短周期。</p>',
            '<p>重新校准可在新加坡校准实验室或上海应用实验室进行；对于不便搬运的设备，也可安排上门校准。</p>',
          ),
        },
      },
      {
        id: 'export-customs',
        title: { en: 'How do you handle export and customs?', zh: '出口和清关如何办理？' },
        body: {
          en: html(
            '<p>We ship worldwide. Our standard delivery term is FCA Singapore; DAP or DDP delivery can be quoted on request. Unless DDP is agreed, import duties, taxes and customs clearance at destination are the responsibility of the buyer.</p>',
            '<p>Some products, such as high-power lasers and certain detectors, are subject to export control regulations. For these we may ask for an end-user statement before shipment, and delivery times can be longer while a licence is processed.</p>',
          ),
          zh: html(
            '<p>我们可发货至全球各地。标准贸易条款为 FCA 新加坡，如需 DAP 或 DDP 条款可另行报价。除约定 DDP 外，目的地的进口关税、税费及清关手续由买方负责。</p>',
            '<p>部分产品（如高功率激光器及某些探测器）受出口管制法规约束，发货前可能需要您提供最终用户声明；如需办理出口许可，交货期会相应延长。</p>',
          ),
        },
      },
      {
        id: 'returns',
        title: { en: 'Can I return a product?', zh: '产品可以退货吗？' },
        body: {
          en: html(
            '<p>Unused standard catalogue items in their original packaging can be returned within 30 days of delivery, subject to a 15 % restocking fee. Instruments built or configured to order, and software licences, cannot be returned.</p>',
            '<p>If a product arrives damaged or does not work, please report it within 7 days of delivery. In every case, contact us first to receive a return authorization (RMA) number; shipments without an RMA number cannot be accepted.</p>',
          ),
          zh: html(
            '<p>未使用且包装完好的标准目录产品，可在签收后 30 天内申请退货，需收取 15 % 的重新入库费。按订单定制或配置的仪器以及软件许可一经售出，恕不退换。</p>',
            '<p>如收货时发现产品损坏或无法正常工作，请于签收后 7 天内告知我们。无论何种情况，退货前请先联系我们获取退货授权号（RMA），未附 RMA 号的退件将无法签收。</p>',
          ),
        },
      },
      {
        id: 'software-updates',
        title: { en: 'How do I get software and firmware updates?', zh: '如何获取软件和固件更新？' },
        body: {
          en: html(
            '<p>Updates within the major version of your control and analysis software are free of charge for the life of the instrument. Sign in to your <a href="/account">account</a> and open the <a href="/downloads">downloads centre</a> to find the latest releases and release notes for your registered instruments.</p>',
            '<p>Upgrades to a new major version are included in service contracts and otherwise offered at a discount to existing users.</p>',
          ),
          zh: html(
            '<p>同一主版本内的控制及分析软件更新在仪器使用期内免费提供。登录<a href="/account">会员账户</a>后进入<a href="/downloads">下载中心</a>，即可获取已登记仪器的最新版本及更新说明。</p>',
            '<p>升级到新的主版本，服务合同客户可免费享受；其他老用户可享受优惠价格。</p>',
          ),
        },
      },
      {
        id: 'demo-request',
        title: { en: 'Can I see a demonstration or have my samples measured?', zh: '能否预约产品演示或寄样测试？' },
        body: {
          en: html(
            '<p>Yes. You can visit our application laboratories in Singapore or Shanghai, join a live remote demonstration, or send us your samples. Our application scientists will measure them free of charge and send you a short report with the data.</p>',
            '<p>Please <a href="/contact">contact us</a> with a description of your samples and what you want to measure. For some product lines, short-term evaluation units can be arranged.</p>',
          ),
          zh: html(
            '<p>可以。您可以前往新加坡或上海应用实验室现场参观，预约在线远程演示，也可以将样品寄给我们，由应用工程师免费测试，并向您提供附有数据的简要测试报告。</p>',
            '<p>请通过<a href="/contact">在线留言</a>说明样品情况和测试需求。部分产品线还可安排短期试用样机。</p>',
          ),
        },
      },
      {
        id: 'technical-support',
        title: { en: 'How do I contact technical support?', zh: '如何联系技术支持？' },
        body: {
          en: `<p>Email ${support} with your instrument serial number and a short description of the problem, or call +65 6123 4567 during office hours (Monday to Friday, 9:00-18:00, UTC+8). Most requests receive a first response within four working hours. Customers in China can also reach our Shanghai team via WeChat (LumenLab-Sales).</p>`,
          zh: `<p>请发送邮件至 ${support}，注明仪器序列号并简要描述问题；也可在办公时间（周一至周五 9:00-18:00，UTC+8）致电 +65 6123 4567。大多数问题会在四个工作小时内得到首次响应。中国客户还可添加微信（LumenLab-Sales）联系上海团队。</p>`,
        },
      },
    ],
  },

  // ---------------------------------------------------------------- Data protection
  {
    key: 'data',
    title: { en: 'Data protection', zh: '数据保护' },
    summary: {
      en: 'How LumenLab Instruments processes the personal data of customers, prospects and website visitors, and the rights you have.',
      zh: '说明流明实验仪器如何处理客户、潜在客户及网站访问者的个人数据，以及您依法享有的权利。',
    },
    sections: [
      {
        id: 'controller',
        title: { en: 'Who is responsible', zh: '数据控制者' },
        body: {
          en: '<p>The organization responsible for processing your personal data is LumenLab Instruments Pte. Ltd., 71 Pasir Panjang Road, #04-08, Singapore 119276. We process personal data in accordance with the Singapore Personal Data Protection Act 2012 (PDPA) and, for customers in mainland China, the Personal Information Protection Law of the People’s Republic of China (PIPL). Where other data protection laws apply to you, we comply with them as well.</p>',
          zh: '<p>负责处理您个人数据的主体为流明实验仪器有限公司（LumenLab Instruments Pte. Ltd.），地址：新加坡巴西班让路 71 号 #04-08，邮编 119276。我们依据新加坡《2012 年个人数据保护法》（PDPA）处理个人数据；对于中国大陆客户，同时遵守《中华人民共和国个人信息保护法》（PIPL）。如您所在地区适用其他数据保护法律，我们亦将一并遵守。</p>',
        },
      },
      {
        id: 'data-we-process',
        title: { en: 'What data we process and why', zh: '我们处理的数据及用途' },
        body: {
          en: html(
            '<ul>',
            '<li><strong>Account data</strong> (name, organization, email address, phone number, password hash): to create and manage your customer account.</li>',
            '<li><strong>Order and quotation data</strong> (products, configurations, delivery and billing addresses, payment records): to prepare quotations, fulfil orders, issue invoices and meet export control requirements.</li>',
            '<li><strong>Service data</strong> (instrument serial numbers, support requests, service reports): to provide warranty, calibration and technical support.</li>',
            '<li><strong>Enquiries</strong> submitted through our contact form, by email, phone, WhatsApp or WeChat: to answer your questions.</li>',
            '<li><strong>Technical data</strong> (IP address, browser type, time of access) in server logs: to keep the website secure and available.</li>',
            '</ul>',
            '<p>We do not sell personal data and we do not use it for automated decision-making or profiling.</p>',
          ),
          zh: html(
            '<ul>',
            '<li><strong>账户信息</strong>（姓名、单位、电子邮箱、电话、加密后的密码）：用于创建和管理您的客户账户。</li>',
            '<li><strong>订单及报价信息</strong>（产品及配置、收货与开票地址、付款记录）：用于出具报价、履行订单、开具发票及满足出口管制要求。</li>',
            '<li><strong>服务信息</strong>（仪器序列号、技术支持请求、维修报告）：用于提供质保、校准及技术支持服务。</li>',
            '<li><strong>咨询信息</strong>（通过在线留言、邮件、电话、WhatsApp 或微信提交的内容）：用于答复您的咨询。</li>',
            '<li><strong>技术信息</strong>（服务器日志中的 IP 地址、浏览器类型、访问时间）：用于保障网站的安全与正常运行。</li>',
            '</ul>',
            '<p>我们不会出售个人数据，也不会将其用于自动化决策或用户画像。</p>',
          ),
        },
      },
      {
        id: 'legal-bases',
        title: { en: 'Legal bases', zh: '处理依据' },
        body: {
          en: html(
            '<p>Depending on the purpose, we process your data on one of the following bases:</p>',
            '<ul>',
            '<li>the performance of a contract with you, or steps you have asked us to take before entering into one, such as a quotation;</li>',
            '<li>compliance with legal obligations, for example accounting, tax and export control rules;</li>',
            '<li>our legitimate interests in operating a secure website and improving our products and services, where these are not overridden by your interests;</li>',
            '<li>your consent, for example for our product newsletter. You can withdraw consent at any time without affecting earlier processing.</li>',
            '</ul>',
          ),
          zh: html(
            '<p>根据处理目的的不同，我们处理您个人数据的依据包括：</p>',
            '<ul>',
            '<li>为订立或履行与您之间的合同所必需，包括应您要求出具报价等合同订立前的准备工作；</li>',
            '<li>为履行法定义务所必需，如会计、税务及出口管制方面的规定；</li>',
            '<li>为保障网站安全、改进产品与服务等合理利益所必需，且不损害您的合法权益；</li>',
            '<li>取得您的同意，例如订阅产品资讯。您可随时撤回同意，撤回前基于同意已进行的处理不受影响。</li>',
            '</ul>',
          ),
        },
      },
      {
        id: 'storage-retention',
        title: { en: 'Storage and retention', zh: '存储地点与保存期限' },
        body: {
          en: html(
            '<p>Your data is stored on servers in Singapore. Personal information of customers in mainland China is processed by our Shanghai office in accordance with the PIPL, and any transfer out of mainland China follows the procedures required by that law.</p>',
            '<ul>',
            '<li>Account data: for as long as your account is active, and deleted within 90 days after you close it.</li>',
            '<li>Order, invoice and export records: seven years after the end of the financial year, as required by law.</li>',
            '<li>Service records for an instrument: for the service life of the instrument.</li>',
            '<li>Enquiries that do not lead to an order: two years.</li>',
            '<li>Server logs: 30 days.</li>',
            '</ul>',
          ),
          zh: html(
            '<p>您的数据存储于新加坡境内的服务器。中国大陆客户的个人信息由我们的上海办事处依照《个人信息保护法》进行处理，如需向境外提供，将按照该法规定履行相应程序。</p>',
            '<ul>',
            '<li>账户信息：在账户存续期间保存，注销账户后 90 天内删除。</li>',
            '<li>订单、发票及出口记录：依法保存至相应财政年度结束后七年。</li>',
            '<li>仪器服务记录：在仪器使用寿命期内保存。</li>',
            '<li>未形成订单的咨询记录：保存两年。</li>',
            '<li>服务器日志：保存 30 天。</li>',
            '</ul>',
          ),
        },
      },
      {
        id: 'recipients',
        title: { en: 'Who receives your data', zh: '数据接收方' },
        body: {
          en: '<p>Your data is accessible only to employees who need it for their work. We share it with carefully selected service providers, such as freight forwarders, banks and our hosting provider, only to the extent needed to provide our services, and under contracts that oblige them to protect it. We disclose data to authorities only where the law requires it.</p>',
          zh: '<p>只有因工作需要的员工才能访问您的数据。我们仅在提供服务所必需的范围内，向经过审慎选择的服务商（如货运代理、银行及网站托管服务商）提供数据，并通过合同要求其履行数据保护义务。除法律要求外，我们不会向政府机关披露您的数据。</p>',
        },
      },
      {
        id: 'your-rights',
        title: { en: 'Your rights', zh: '您的权利' },
        body: {
          en: html(
            '<p>Subject to applicable law, you have the right to:</p>',
            '<ul>',
            '<li>access the personal data we hold about you and receive a copy;</li>',
            '<li>have inaccurate data corrected and incomplete data completed;</li>',
            '<li>have your data deleted when it is no longer needed or was processed unlawfully;</li>',
            '<li>restrict or object to certain processing, and withdraw your consent;</li>',
            '<li>receive your data in a commonly used electronic format;</li>',
            '<li>lodge a complaint with the competent data protection authority.</li>',
            '</ul>',
            '<p>You can update most account details yourself in your <a href="/account">account</a>. We answer all other requests within 30 days.</p>',
          ),
          zh: html(
            '<p>在适用法律允许的范围内，您享有以下权利：</p>',
            '<ul>',
            '<li>查阅我们所持有的您的个人数据，并获取副本；</li>',
            '<li>更正不准确的数据，补充不完整的数据；</li>',
            '<li>在数据不再需要或处理违法时，要求删除；</li>',
            '<li>限制或拒绝特定处理，以及撤回同意；</li>',
            '<li>以常用电子格式获取您的个人数据；</li>',
            '<li>向有管辖权的数据保护监管机构投诉。</li>',
            '</ul>',
            '<p>大部分账户信息可在<a href="/account">会员账户</a>中自行修改。其他请求我们将在 30 天内答复。</p>',
          ),
        },
      },
      {
        id: 'data-protection-officer',
        title: { en: 'Data protection officer', zh: '数据保护官' },
        body: {
          en: `<p>If you have questions about data protection or wish to exercise your rights, please contact our data protection officer at ${dpo}, or write to: Data Protection Officer, LumenLab Instruments Pte. Ltd., 71 Pasir Panjang Road, #04-08, Singapore 119276. Customers in mainland China may also write in Chinese; their requests are handled together with our Shanghai office.</p>`,
          zh: `<p>如您对数据保护有任何疑问，或希望行使上述权利，请发送邮件至数据保护官邮箱 ${dpo}，或致函：新加坡巴西班让路 71 号 #04-08，邮编 119276，流明实验仪器有限公司 数据保护官（收）。中国大陆客户可使用中文来函，我们将会同上海办事处共同处理。</p>`,
        },
      },
    ],
  },

  // ---------------------------------------------------------------- Terms
  {
    key: 'terms',
    title: { en: 'Terms of use and sale', zh: '使用条款与销售条款' },
    summary: {
      en: 'The terms that apply to your use of this website and to quotations, orders and deliveries from LumenLab Instruments.',
      zh: '本条款适用于您对本网站的使用，以及流明实验仪器的报价、订单与交付。',
    },
    sections: [
      {
        id: 'scope',
        title: { en: 'Scope', zh: '适用范围' },
        body: {
          en: '<p>These terms apply to the use of this website and to all quotations, orders and deliveries of LumenLab Instruments Pte. Ltd. (“LumenLab”, “we”). Our products are intended for professional, research and industrial users. Differing terms of a customer apply only if we have accepted them in writing. Where a signed contract or quotation contains different provisions, those take precedence.</p>',
          zh: '<p>本条款适用于本网站的使用，以及流明实验仪器有限公司（以下简称“流明实验仪器”或“我们”）的所有报价、订单与交付。我们的产品面向科研、专业及工业用户。客户的其他条款仅在经我们书面确认后方可适用。如双方签署的合同或报价单另有约定，以该约定为准。</p>',
        },
      },
      {
        id: 'website-use',
        title: { en: 'Use of this website', zh: '网站使用' },
        body: {
          en: html(
            '<p>You may use this website to find information about our products and to request quotations and place orders. You are responsible for keeping your account login details confidential and for all activity under your account.</p>',
            '<p>Product information, specifications and images are provided with care but may change as products are improved. They do not constitute a guarantee of properties unless expressly confirmed in a quotation or order confirmation. All texts, images, datasheets and software on this website are protected by copyright and may not be reproduced for commercial purposes without our permission.</p>',
          ),
          zh: html(
            '<p>您可通过本网站查询产品信息、申请报价及下单。您有责任妥善保管账户登录信息，并对账户下的所有操作负责。</p>',
            '<p>网站上的产品信息、技术参数及图片均经认真核对，但可能因产品改进而调整；除非在报价单或订单确认书中明确承诺，否则不构成对产品性能的保证。本网站的文字、图片、规格书及软件均受著作权保护，未经许可不得用于商业用途。</p>',
          ),
        },
      },
      {
        id: 'quotations-orders',
        title: { en: 'Quotations and orders', zh: '报价与订单' },
        body: {
          en: '<p>Prices shown on the website are for information and are not binding offers. Quotations are valid for 60 days unless stated otherwise. A contract is concluded only when we send a written order confirmation. We may decline orders, in particular where export control regulations prevent delivery to the stated destination or end user.</p>',
          zh: '<p>网站所示价格仅供参考，不构成有约束力的要约。除另有说明外，报价单有效期为 60 天。合同自我们发出书面订单确认书之日起成立。如因出口管制等原因无法向指定目的地或最终用户交付，我们有权拒绝订单。</p>',
        },
      },
      {
        id: 'prices-payment',
        title: { en: 'Prices and payment', zh: '价格与付款' },
        body: {
          en: '<p>Prices are in Singapore dollars or US dollars, exclusive of goods and services tax, import duties and freight unless stated otherwise. Invoices are payable within 30 days of the invoice date without deduction, unless other terms are agreed in the order confirmation. Goods remain our property until paid in full.</p>',
          zh: '<p>除另有说明外，价格以新加坡元或美元计价，不含消费税、进口关税及运费。除订单确认书另有约定外，发票应于开具之日起 30 天内足额支付。货款全部付清前，货物所有权归我们所有。</p>',
        },
      },
      {
        id: 'delivery',
        title: { en: 'Delivery and risk', zh: '交付与风险转移' },
        body: {
          en: '<p>Unless agreed otherwise, delivery is FCA Singapore (Incoterms 2020). Lead times and ship dates shown on the website are estimates and may change with stock availability; the ship date in the order confirmation applies. Partial deliveries are permitted where reasonable. Please inspect goods on arrival and report visible transport damage to the carrier and to us within 7 days.</p>',
          zh: '<p>除另有约定外，交货条款为 FCA 新加坡（《2020 年国际贸易术语解释通则》）。网站所示交货期和发货日期仅为预估，可能随库存情况变动，以订单确认书中的发货日期为准。在合理情况下，我们可分批交货。请在收货时检查货物，如发现明显运输损坏，请于 7 天内通知承运人和我们。</p>',
        },
      },
      {
        id: 'warranty-liability',
        title: { en: 'Warranty and liability', zh: '质量保证与责任限制' },
        body: {
          en: html(
            '<p>We warrant that our instruments are free from defects in material and workmanship for the warranty period stated in the order confirmation, normally 24 months from installation. Within this period we will repair or replace defective products at our choice. The warranty does not cover consumables, normal wear, or damage caused by improper use, unauthorized modification or operation outside the specified conditions.</p>',
            '<p>To the extent permitted by law, our total liability is limited to the price of the product concerned, and we are not liable for indirect or consequential loss, such as lost data, lost research time or lost profit. These limits do not apply to liability for death or personal injury caused by negligence, or for fraud.</p>',
          ),
          zh: html(
            '<p>我们保证仪器在订单确认书所述质保期内（通常为安装之日起 24 个月）无材料及工艺缺陷。质保期内，对存在缺陷的产品，我们将视情况予以维修或更换。耗材、正常磨损，以及因使用不当、擅自改装或超出规定条件运行所造成的损坏，不在质保范围内。</p>',
            '<p>在法律允许的范围内，我们的赔偿责任总额以相关产品的价款为限，且不对数据丢失、科研时间损失、利润损失等间接或后果性损失承担责任。上述限制不适用于因过失导致的人身伤亡或欺诈行为所应承担的责任。</p>',
          ),
        },
      },
      {
        id: 'software-licence',
        title: { en: 'Software and intellectual property', zh: '软件与知识产权' },
        body: {
          en: '<p>Software supplied with our instruments is licensed, not sold, for use with the instrument it was delivered with. You may not decompile, modify or redistribute it except as permitted by law. All intellectual property rights in our products, documentation and software remain with LumenLab Instruments.</p>',
          zh: '<p>随仪器提供的软件以许可方式授权使用，而非出售，仅限与所配套的仪器一同使用。除法律允许的情形外，不得对软件进行反编译、修改或再分发。产品、技术文档及软件的全部知识产权归流明实验仪器所有。</p>',
        },
      },
      {
        id: 'governing-law',
        title: { en: 'Governing law and disputes', zh: '适用法律与争议解决' },
        body: {
          en: '<p>These terms are governed by the laws of the Republic of Singapore. The United Nations Convention on Contracts for the International Sale of Goods does not apply. Disputes that cannot be settled amicably shall be finally resolved by arbitration in Singapore in the English language. If a provision of these terms is invalid, the remaining provisions remain in effect.</p>',
          zh: '<p>本条款适用新加坡共和国法律，不适用《联合国国际货物销售合同公约》。双方协商不成的争议，应提交在新加坡进行的仲裁作最终裁决，仲裁语言为英语。如本条款中任何规定被认定无效，不影响其余条款的效力。</p>',
        },
      },
    ],
  },

  // ---------------------------------------------------------------- Cookie policy
  {
    key: 'cookie',
    title: { en: 'Cookie policy', zh: 'Cookie 政策' },
    summary: {
      en: 'This website uses only strictly necessary cookies and a single preference cookie that remembers your language. We use no tracking or third-party cookies.',
      zh: '本网站仅使用必要 Cookie 及一个用于记住语言偏好的 Cookie，不使用任何跟踪类或第三方 Cookie。',
    },
    sections: [
      {
        id: 'what-are-cookies',
        title: { en: 'What cookies are', zh: '什么是 Cookie' },
        body: {
          en: '<p>Cookies are small text files that a website stores in your browser so that it can recognize your browser on later visits. They can be set by the website you visit (first-party cookies) or by other services embedded in it (third-party cookies). We keep our use of cookies to the minimum needed to run this website.</p>',
          zh: '<p>Cookie 是网站存储在您浏览器中的小型文本文件，以便在您再次访问时识别您的浏览器。Cookie 可由您所访问的网站设置（第一方 Cookie），也可由网站中嵌入的其他服务设置（第三方 Cookie）。我们仅在网站运行所必需的最低限度内使用 Cookie。</p>',
        },
      },
      {
        id: 'cookies-we-use',
        title: { en: 'Cookies we use', zh: '我们使用的 Cookie' },
        body: {
          en: html(
            '<h3>Strictly necessary cookies</h3>',
            '<p>These cookies are required for functions you request, such as protecting forms against misuse and routing your requests securely. They do not identify you personally, are deleted when you close your browser or shortly afterwards, and cannot be switched off without breaking the website.</p>',
            '<h3>Preference cookie</h3>',
            '<ul><li><strong>Name:</strong> <em>locale</em></li><li><strong>Purpose:</strong> remembers whether you chose English or Chinese</li><li><strong>Contents:</strong> the language code only, for example <em>en</em> or <em>zh</em></li><li><strong>Lifetime:</strong> 365 days</li><li><strong>Set by:</strong> this website (first party)</li></ul>',
          ),
          zh: html(
            '<h3>必要 Cookie</h3>',
            '<p>此类 Cookie 是实现您所请求功能的前提，例如防止表单被滥用、确保请求安全传输等。它们不会识别您的个人身份，会在关闭浏览器时或之后不久被删除；如将其禁用，网站将无法正常运行。</p>',
            '<h3>偏好 Cookie</h3>',
            '<ul><li><strong>名称：</strong><em>locale</em></li><li><strong>用途：</strong>记住您选择的语言（中文或英文）</li><li><strong>内容：</strong>仅含语言代码，如 <em>en</em> 或 <em>zh</em></li><li><strong>有效期：</strong>365 天</li><li><strong>设置方：</strong>本网站（第一方）</li></ul>',
          ),
        },
      },
      {
        id: 'local-storage',
        title: { en: 'Login token in local storage', zh: '登录凭证的本地存储' },
        body: {
          en: '<p>When you sign in to your <a href="/account">account</a>, your login token is kept in your browser’s local storage under the key <em>satoken</em>, not in a cookie. It is sent only to this website to confirm that you are signed in, and it is removed when you sign out. You can also delete it at any time by clearing your browser’s site data.</p>',
          zh: '<p>登录<a href="/account">会员账户</a>后，您的登录凭证保存在浏览器的本地存储（Local Storage）中，键名为 <em>satoken</em>，而非保存在 Cookie 中。该凭证仅发送至本网站，用于确认您的登录状态，退出登录时即被清除。您也可以随时通过清除浏览器的网站数据将其删除。</p>',
        },
      },
      {
        id: 'no-tracking',
        title: { en: 'No tracking or third-party cookies', zh: '不使用跟踪类及第三方 Cookie' },
        body: {
          en: '<p>We do not use analytics, advertising, social media or other tracking cookies, and we do not allow third parties to set cookies through this website. We therefore do not show a consent banner: the cookies we use are either strictly necessary or store a choice you have made yourself.</p>',
          zh: '<p>我们不使用任何统计分析、广告、社交媒体或其他跟踪类 Cookie，也不允许任何第三方通过本网站设置 Cookie。因此，本网站不会弹出 Cookie 授权提示：我们使用的 Cookie 要么是网站运行所必需的，要么仅用于保存您自己做出的选择。</p>',
        },
      },
      {
        id: 'managing-cookies',
        title: { en: 'Managing cookies', zh: '如何管理 Cookie' },
        body: {
          en: '<p>You can view and delete cookies and local storage in your browser settings, and block cookies altogether. If you delete the <em>locale</em> cookie, the website will show the default language on your next visit. For more about how we handle personal data, see our <a href="/files/privacy">privacy policy</a>.</p>',
          zh: '<p>您可在浏览器设置中查看、删除 Cookie 和本地存储数据，也可完全禁用 Cookie。删除 <em>locale</em> Cookie 后，下次访问时网站将以默认语言显示。有关个人数据处理的更多信息，请参阅我们的<a href="/files/privacy">隐私政策</a>。</p>',
        },
      },
    ],
  },

  // ---------------------------------------------------------------- Privacy policy
  {
    key: 'privacy',
    title: { en: 'Privacy policy', zh: '隐私政策' },
    summary: {
      en: 'What personal information we collect when you use this website or buy from us, how we use and protect it, and the choices you have.',
      zh: '说明您在使用本网站或向我们采购时，我们收集哪些个人信息、如何使用和保护这些信息，以及您可作出的选择。',
    },
    sections: [
      {
        id: 'overview',
        title: { en: 'Overview', zh: '概述' },
        body: {
          en: '<p>LumenLab Instruments respects your privacy. We collect only the information we need to answer your enquiries, supply and support our instruments, and run this website securely. This policy summarizes our practices; full details on legal bases, retention periods and your rights are given in our <a href="/files/data">data protection notice</a>.</p>',
          zh: '<p>流明实验仪器尊重并保护您的隐私。我们仅收集答复咨询、供应及支持仪器产品、保障网站安全运行所必需的信息。本政策为概要说明，关于处理依据、保存期限及您的权利等详细内容，请参阅<a href="/files/data">数据保护说明</a>。</p>',
        },
      },
      {
        id: 'information-we-collect',
        title: { en: 'Information we collect', zh: '我们收集的信息' },
        body: {
          en: html(
            '<ul>',
            '<li><strong>Information you give us:</strong> your name, organization, email address, phone number and messages when you register, request a quote, place an order or contact us.</li>',
            '<li><strong>Information from your purchases:</strong> ordered products, delivery and billing details, and instrument serial numbers for warranty and service.</li>',
            '<li><strong>Technical information:</strong> IP address, browser type and time of access, recorded in our server logs for security purposes.</li>',
            '</ul>',
          ),
          zh: html(
            '<ul>',
            '<li><strong>您主动提供的信息：</strong>注册账户、申请报价、下单或联系我们时填写的姓名、单位、电子邮箱、电话及留言内容。</li>',
            '<li><strong>采购过程中产生的信息：</strong>所订购的产品、收货及开票信息，以及用于质保和售后服务的仪器序列号。</li>',
            '<li><strong>技术信息：</strong>出于安全目的，服务器日志中记录的 IP 地址、浏览器类型及访问时间。</li>',
            '</ul>',
          ),
        },
      },
      {
        id: 'how-we-use',
        title: { en: 'How we use your information', zh: '信息的使用方式' },
        body: {
          en: '<p>We use your information to prepare quotations, process and deliver orders, provide installation, calibration and technical support, meet our legal obligations, and keep this website secure. We send product news only if you have subscribed, and every message contains a link to unsubscribe. We never sell or rent your personal information.</p>',
          zh: '<p>我们使用您的信息来出具报价、处理和交付订单、提供安装调试、校准及技术支持、履行法定义务，以及保障网站安全。仅在您主动订阅后，我们才会向您发送产品资讯，且每封邮件均附有退订链接。我们绝不出售或出租您的个人信息。</p>',
        },
      },
      {
        id: 'cookies-analytics',
        title: { en: 'Cookies and analytics', zh: 'Cookie 与统计分析' },
        body: {
          en: '<p>This website uses no third-party analytics, advertising or tracking tools. We set only strictly necessary cookies and one preference cookie, <em>locale</em>, which remembers your language for 365 days. Your login token is kept in your browser’s local storage rather than in a cookie. Details are in our <a href="/files/cookie">cookie policy</a>.</p>',
          zh: '<p>本网站不使用任何第三方统计分析、广告或跟踪工具。我们仅设置必要 Cookie 和一个偏好 Cookie（<em>locale</em>），用于在 365 天内记住您的语言选择。您的登录凭证保存在浏览器本地存储中，而非 Cookie 中。详情请参阅<a href="/files/cookie">Cookie 政策</a>。</p>',
        },
      },
      {
        id: 'storage-security',
        title: { en: 'Where your data is stored and how it is protected', zh: '数据存储与安全保护' },
        body: {
          en: html(
            '<p>Your data is stored on servers in Singapore. For customers in mainland China, personal information is processed in accordance with the Personal Information Protection Law of the People’s Republic of China (PIPL), and cross-border transfers follow the procedures that law requires.</p>',
            '<p>All connections to this website are encrypted, passwords are stored only as salted hashes, and access to customer data is limited to staff who need it for their work.</p>',
          ),
          zh: html(
            '<p>您的数据存储于新加坡境内的服务器。对于中国大陆客户，我们依照《中华人民共和国个人信息保护法》处理其个人信息，涉及跨境提供的，将按该法要求履行相应程序。</p>',
            '<p>本网站全部连接均经过加密传输，密码仅以加盐哈希形式存储，客户数据仅限因工作需要的员工访问。</p>',
          ),
        },
      },
      {
        id: 'sharing',
        title: { en: 'Sharing your information', zh: '信息的共享' },
        body: {
          en: '<p>We share personal information only with service providers that help us deliver our services, such as freight forwarders, banks and our hosting provider, and only as far as necessary. They are bound by contract to protect your data. We disclose information to authorities only where required by law, for example for customs and export control.</p>',
          zh: '<p>我们仅在必要范围内，与协助我们提供服务的服务商（如货运代理、银行及网站托管服务商）共享个人信息，并通过合同约束其履行数据保护义务。除法律要求（如海关及出口管制）外，我们不会向政府机关披露您的信息。</p>',
        },
      },
      {
        id: 'your-choices',
        title: { en: 'Your choices and contact', zh: '您的选择与联系方式' },
        body: {
          en: `<p>You can review and update your details in your <a href="/account">account</a>, unsubscribe from newsletters at any time, and ask us to access, correct or delete your personal data. Please send such requests to our data protection officer at ${dpo}. We may update this policy from time to time; the current version is always published on this page.</p>`,
          zh: `<p>您可在<a href="/account">会员账户</a>中查看和更新个人信息，随时退订资讯邮件，也可要求查阅、更正或删除您的个人数据。相关请求请发送至数据保护官邮箱 ${dpo}。本政策可能不时更新，最新版本将始终在本页面公布。</p>`,
        },
      },
    ],
  },

  // ---------------------------------------------------------------- Help centre
  {
    key: 'help',
    title: { en: 'Help centre', zh: '帮助中心' },
    summary: {
      en: 'Quick answers on ordering, your account, delivery, support, returns and documentation, with links to where you can do more.',
      zh: '快速了解下单询价、账户登录、配送物流、技术支持、退货质保及资料下载等常见事项。',
    },
    sections: [
      {
        id: 'ordering-quotes',
        title: { en: 'Ordering and quotes', zh: '下单与询价' },
        body: {
          en: html(
            '<p>Add products and options to your basket, then order online or request a formal quotation. Quotations are valid for 60 days and can be converted into an order from your account.</p>',
            '<ul><li><a href="/files/faq">Frequently asked questions</a> on quotations and payment terms</li><li><a href="/contact">Talk to a sales engineer</a> about configurations and volume pricing</li></ul>',
          ),
          zh: html(
            '<p>将产品及配置加入购物车后，可直接在线下单或申请正式报价。报价单有效期为 60 天，可在会员账户中一键转为订单。</p>',
            '<ul><li>报价与付款方式相关问题，请查看<a href="/files/faq">常见问题</a></li><li>如需确认配置或咨询批量价格，请<a href="/contact">联系销售工程师</a></li></ul>',
          ),
        },
      },
      {
        id: 'account-login',
        title: { en: 'Account and login', zh: '账户与登录' },
        body: {
          en: html(
            '<p>Your account keeps your quotations, orders, registered instruments and software downloads in one place. If you have forgotten your password, use the reset link on the sign-in page; the new link is valid for 30 minutes.</p>',
            '<ul><li><a href="/account">Sign in or create an account</a></li><li>Still cannot sign in? <a href="/contact">Contact us</a> from the email address you registered with.</li></ul>',
          ),
          zh: html(
            '<p>会员账户集中管理您的报价单、订单、已登记仪器及软件下载。如忘记密码，可在登录页面点击“忘记密码”获取重置链接，链接 30 分钟内有效。</p>',
            '<ul><li><a href="/account">登录或注册账户</a></li><li>仍无法登录？请使用注册邮箱<a href="/contact">联系我们</a>。</li></ul>',
          ),
        },
      },
      {
        id: 'shipping-delivery',
        title: { en: 'Shipping and delivery', zh: '配送与物流' },
        body: {
          en: html(
            '<p>Stock items usually ship within 3-5 working days and configured systems within 4-12 weeks. Lead times and ship dates are estimates that may change with stock availability; the date in your order confirmation applies. You will receive a tracking number when your order ships, and you can follow its status in your <a href="/account">account</a>.</p>',
            '<p>Export, customs and delivery terms are explained in the <a href="/files/faq">FAQ</a>.</p>',
          ),
          zh: html(
            '<p>现货产品通常在 3-5 个工作日内发货，定制配置的系统一般需 4-12 周。交货期和发货日期均为预估，可能随库存情况变动，以订单确认书为准。订单发货后，您将收到物流单号，并可在<a href="/account">会员账户</a>中查看订单状态。</p>',
            '<p>出口、清关及贸易条款相关说明，请参阅<a href="/files/faq">常见问题</a>。</p>',
          ),
        },
      },
      {
        id: 'technical-support',
        title: { en: 'Technical support and service', zh: '技术支持与服务' },
        body: {
          en: html(
            `<p>Our application scientists and service engineers help with installation, operation, calibration and repair. Email ${support} with your instrument serial number, or call +65 6123 4567 on working days from 9:00 to 18:00 (UTC+8).</p>`,
            '<ul><li><a href="/knowledge">Knowledge centre</a>: application notes, technical articles and webinars</li><li><a href="/contact">Request a service visit or recalibration</a></li></ul>',
          ),
          zh: html(
            `<p>我们的应用工程师和服务工程师可为您提供安装、操作、校准及维修方面的支持。请发送邮件至 ${support} 并注明仪器序列号，或于工作日 9:00-18:00（UTC+8）致电 +65 6123 4567。</p>`,
            '<ul><li><a href="/knowledge">知识中心</a>：应用报告、技术文章及网络研讨会</li><li><a href="/contact">预约上门服务或重新校准</a></li></ul>',
          ),
        },
      },
      {
        id: 'returns-warranty',
        title: { en: 'Returns and warranty', zh: '退货与质保' },
        body: {
          en: html(
            '<p>Instruments carry a 24-month warranty from installation. Unused standard items can be returned within 30 days of delivery. Before sending anything back, please ask us for a return authorization (RMA) number.</p>',
            '<ul><li>Warranty and return conditions in the <a href="/files/faq">FAQ</a></li><li><a href="/contact">Request an RMA number</a></li></ul>',
          ),
          zh: html(
            '<p>仪器整机自安装之日起质保 24 个月。未使用的标准产品可在签收后 30 天内申请退货。寄回任何产品前，请先向我们申请退货授权号（RMA）。</p>',
            '<ul><li>质保及退货条件详见<a href="/files/faq">常见问题</a></li><li><a href="/contact">申请 RMA 退货授权号</a></li></ul>',
          ),
        },
      },
      {
        id: 'downloads-documentation',
        title: { en: 'Downloads and documentation', zh: '资料下载' },
        body: {
          en: '<p>Datasheets, user manuals, software, drivers and application notes are available in our <a href="/downloads">downloads centre</a>. Software and some service documents require you to sign in to your <a href="/account">account</a>. For application examples and measurement tips, visit the <a href="/knowledge">knowledge centre</a>.</p>',
          zh: '<p>产品规格书、用户手册、软件、驱动程序及应用报告均可在<a href="/downloads">下载中心</a>获取。软件及部分服务文档需登录<a href="/account">会员账户</a>后下载。更多应用案例与测量技巧，请访问<a href="/knowledge">知识中心</a>。</p>',
        },
      },
    ],
  },

  // ---------------------------------------------------------------- Downloads
  {
    key: 'downloads',
    title: { en: 'Downloads', zh: '下载中心' },
    summary: {
      en: 'Datasheets, manuals, software and application notes for LumenLab instruments, all in one place.',
      zh: '集中提供流明实验仪器各产品的规格书、用户手册、软件及应用报告。',
    },
    sections: [
      {
        id: 'document-types',
        title: { en: 'What you can find here', zh: '可下载资料' },
        body: {
          en: html(
            '<ul>',
            '<li><strong>Datasheets:</strong> specifications, dimensions and ordering information for every current product.</li>',
            '<li><strong>Manuals:</strong> user, installation and safety manuals, available in English and Chinese for most instruments.</li>',
            '<li><strong>Software:</strong> instrument control and analysis software, drivers, SDKs and firmware, with release notes.</li>',
            '<li><strong>Application notes:</strong> worked examples from our application laboratories, with measurement settings and results.</li>',
            '</ul>',
          ),
          zh: html(
            '<ul>',
            '<li><strong>产品规格书：</strong>现售全部产品的技术参数、外形尺寸及订货信息。</li>',
            '<li><strong>用户手册：</strong>操作、安装及安全手册，大部分仪器提供中英文版本。</li>',
            '<li><strong>软件：</strong>仪器控制及分析软件、驱动程序、SDK 和固件，并附更新说明。</li>',
            '<li><strong>应用报告：</strong>来自应用实验室的实测案例，包含测量参数与结果。</li>',
            '</ul>',
          ),
        },
      },
      {
        id: 'access',
        title: { en: 'Access and versions', zh: '下载权限与版本说明' },
        body: {
          en: '<p>Datasheets and application notes are open to everyone. Software, firmware and service documents are available after you sign in to your <a href="/account">account</a> and register your instrument. Always use the manual and software version that matches your instrument’s serial number and firmware; earlier versions remain available for discontinued products.</p>',
          zh: '<p>产品规格书和应用报告可直接下载。软件、固件及服务类文档需登录<a href="/account">会员账户</a>并登记仪器后方可下载。请务必选用与仪器序列号及固件版本相匹配的手册和软件；已停产产品的历史版本仍可下载。</p>',
        },
      },
      {
        id: 'request-documents',
        title: { en: 'Cannot find a document?', zh: '找不到所需资料？' },
        body: {
          en: '<p>If you need a document that is not listed, such as a manual for an older model, a CAD drawing, a certificate of conformity or a calibration certificate, please <a href="/contact">contact us</a> with the part number and, if available, the serial number. We usually send it within two working days.</p>',
          zh: '<p>如需未在此列出的资料，例如旧型号手册、CAD 图纸、合格证或校准证书，请<a href="/contact">联系我们</a>并提供产品型号及序列号（如有），我们通常会在两个工作日内发送给您。</p>',
        },
      },
    ],
  },
];
