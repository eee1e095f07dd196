import type { SeedArticle, Text } from '../types.ts';

/** Joins HTML fragments so long bodies stay readable in source. */
const html = (...parts: string[]): string => parts.join('');

const chenYujie: Text = { en: 'Dr. Yujie Chen', zh: '陈雨洁 博士' };
const liHaoran: Text = { en: 'Haoran Li', zh: '李浩然' };
const zhouWenbo: Text = { en: 'Wenbo Zhou', zh: '周文博' };
const sarahWhitfield: Text = { en: 'Dr. Sarah Whitfield', zh: '莎拉·惠特菲尔德 博士' };
const thomasBerger: Text = { en: 'Thomas Berger', zh: '托马斯·贝格尔' };
const annaKowalski: Text = { en: 'Anna Kowalski', zh: '安娜·科瓦尔斯基' };
const editorial: Text = { en: 'LumenLab Editorial Team', zh: '流明实验仪器编辑部' };

export const articles: SeedArticle[] = [
  // ---------------------------------------------------------------- Knowledge
  {
    kind: 'knowledge',
    contentType: 'application-note',
    productSeries: 'raman-spectrometers',
    author: chenYujie,
    publishedAt: '2025-02-18',
    title: {
      en: 'Beating Fluorescence in Raman Spectroscopy: 785 nm or 1064 nm?',
      zh: '如何克服拉曼光谱中的荧光干扰：选 785 nm 还是 1064 nm？',
    },
    summary: {
      en: 'A side-by-side comparison of 785 nm and 1064 nm excitation on twelve fluorescent samples, with guidance on when the longer wavelength pays off.',
      zh: '以 12 种荧光样品对比 785 nm 与 1064 nm 激发的测量效果，并说明何时值得选用更长的激发波长。',
    },
    body: {
      en: html(
        '<p>Fluorescence is the most common reason a Raman measurement fails. Its intensity can exceed the Raman signal by six orders of magnitude, and the shot noise it brings cannot be subtracted afterwards.</p>',
        '<h2>Why longer wavelengths help</h2>',
        '<p>Fewer molecules absorb in the near-infrared, so moving excitation from 785 nm to 1064 nm removes most electronic transitions that lead to fluorescence. The price is a Raman cross-section that falls with the fourth power of frequency and detectors with higher noise.</p>',
        '<h3>What we measured</h3>',
        '<ul><li>Microcrystalline cellulose and lactose: both wavelengths gave usable spectra</li><li>Colored tablet coatings and plant extracts: only 1064 nm gave identifiable spectra</li><li>Carbon-filled polymers: neither wavelength; use ATR-FTIR instead</li></ul>',
        '<p><strong>Recommendation:</strong> start with 785 nm for speed and sensitivity, and keep a 1064 nm system for the 10-20 % of samples that fluoresce.</p>',
      ),
      zh: html(
        '<p>荧光是拉曼测量失败最常见的原因。荧光强度可比拉曼信号高出六个数量级，由此带来的散粒噪声无法在后期扣除。</p>',
        '<h2>为什么更长的波长更有效</h2>',
        '<p>在近红外区有吸收的分子较少，将激发波长从 785 nm 移至 1064 nm，可避开绝大多数导致荧光的电子跃迁。代价是拉曼散射截面随频率四次方下降，且探测器噪声更高。</p>',
        '<h3>实测结果</h3>',
        '<ul><li>微晶纤维素与乳糖：两种波长均可获得可用光谱</li><li>有色片剂包衣与植物提取物：仅 1064 nm 可获得可鉴别的光谱</li><li>含炭黑聚合物：两种波长均不适用，建议改用 ATR-FTIR</li></ul>',
        '<p><strong>建议：</strong>优先选用 785 nm 以获得更快的速度和更高的灵敏度，同时配备一台 1064 nm 系统，用于处理约 10-20 % 的荧光样品。</p>',
      ),
    },
  },
  {
    kind: 'knowledge',
    contentType: 'technical-article',
    productSeries: 'fiber-spectrometers',
    author: liHaoran,
    publishedAt: '2025-04-09',
    title: {
      en: 'Choosing a Fiber Spectrometer: Resolution, Slit Width and Throughput',
      zh: '光纤光谱仪选型指南：分辨率、狭缝宽度与通光量',
    },
    summary: {
      en: 'How grating, slit and detector determine resolution and sensitivity, and how to pick the right balance for your measurement.',
      zh: '光栅、狭缝与探测器如何共同决定分辨率和灵敏度，以及如何根据测量需求取得最佳平衡。',
    },
    body: {
      en: html(
        '<p>Every compact spectrometer is a compromise between spectral range, resolution and light throughput. Understanding the trade-off avoids buying a high-resolution instrument that cannot see a weak signal.</p>',
        '<h2>The slit sets the balance</h2>',
        '<p>Halving the slit width roughly halves the spectral bandwidth but also halves the light reaching the detector. A 25 µm slit is a good default; choose 10 µm for atomic lines and 100 µm for weak fluorescence.</p>',
        '<h3>Checklist before ordering</h3>',
        '<ul><li>Narrowest feature you need to resolve, in nm</li><li>Full spectral range required</li><li>Shortest integration time your signal allows</li><li>Fiber core diameter and numerical aperture</li></ul>',
        '<p>If you need both wide range and high resolution, two spectrometers usually cost less than one that tries to do both.</p>',
      ),
      zh: html(
        '<p>每一台微型光谱仪都是光谱范围、分辨率与通光量三者之间的折中。理解其中的取舍，可以避免买到分辨率很高却看不到弱信号的仪器。</p>',
        '<h2>狭缝决定平衡点</h2>',
        '<p>狭缝宽度减半，光谱带宽约减半，但到达探测器的光也随之减半。25 µm 狭缝是比较稳妥的默认选择；测量原子谱线可选 10 µm，测量弱荧光可选 100 µm。</p>',
        '<h3>下单前请确认</h3>',
        '<ul><li>需要分辨的最窄谱峰宽度（nm）</li><li>所需的完整光谱范围</li><li>信号强度允许的最短积分时间</li><li>光纤芯径与数值孔径</li></ul>',
        '<p>如果既需要宽光谱范围又需要高分辨率，配置两台光谱仪往往比一台兼顾两者的仪器更经济。</p>',
      ),
    },
  },
  {
    kind: 'knowledge',
    contentType: 'case-study',
    productSeries: 'probe-stations',
    author: thomasBerger,
    publishedAt: '2025-06-24',
    title: {
      en: 'Case Study: Automated Gate-Leakage Mapping in a University Cleanroom',
      zh: '案例分析：高校洁净室中的栅极漏电自动化面扫描测试',
    },
    summary: {
      en: 'How a research cleanroom cut characterization time for high-k gate stacks from two weeks to two days.',
      zh: '某高校科研洁净室如何将高 k 栅介质的表征周期从两周缩短至两天。',
    },
    body: {
      en: html(
        '<p>The group develops high-k gate dielectrics for power transistors and needed leakage statistics from every die on 200 mm test wafers. Manual probing limited them to a few dozen sites per week.</p>',
        '<h2>The setup</h2>',
        '<ul><li>PS-200-SA semi-automatic probe station with light-tight enclosure</li><li>SA-4200 parameter analyzer with remote preamplifiers</li><li>Custom test plan with 113 sites per wafer</li></ul>',
        '<h2>Results</h2>',
        '<p>Measured noise floor at the chuck was 8 fA, enough to resolve leakage of 20 fA/µm². A full wafer map now runs overnight, and the team has moved from single-device plots to wafer-level statistics in every publication.</p>',
      ),
      zh: html(
        '<p>该课题组致力于功率晶体管高 k 栅介质的研发，需要获取 200 mm 测试晶圆上每一颗芯片的漏电统计数据。以往依靠手动扎针，每周只能测量几十个测试点。</p>',
        '<h2>系统配置</h2>',
        '<ul><li>PS-200-SA 半自动探针台，配避光屏蔽罩</li><li>SA-4200 参数分析仪，配远端前置放大器</li><li>定制测试计划，每片晶圆 113 个测试点</li></ul>',
        '<h2>测试结果</h2>',
        '<p>卡盘处实测噪声底限为 8 fA，足以分辨 20 fA/µm² 的漏电流。现在整片晶圆的扫描可在一夜之间完成，团队发表的每篇论文都已从单器件曲线升级为晶圆级统计数据。</p>',
      ),
    },
  },
  {
    kind: 'knowledge',
    contentType: 'webinar',
    productSeries: 'fluorescence-microscopes',
    author: sarahWhitfield,
    publishedAt: '2025-09-16',
    title: {
      en: 'Webinar: Live-Cell Imaging Without Phototoxicity',
      zh: '网络研讨会：如何在活细胞成像中避免光毒性',
    },
    summary: {
      en: 'A 45-minute session on light dose, camera settings and hardware triggering for healthy cells in long time-lapse experiments.',
      zh: '45 分钟在线讲座，介绍长时程延时实验中的光照剂量、相机设置与硬件触发，帮助细胞保持健康状态。',
    },
    body: {
      en: html(
        '<p>Cells that look fine in the first hour can stop dividing after a day of imaging. In this webinar we show how to measure and reduce the light dose without losing image quality.</p>',
        '<h2>Topics covered</h2>',
        '<ul><li>Quantifying phototoxicity with proliferation and mitochondrial assays</li><li>Why short, bright exposures can be worse than long, dim ones</li><li>Removing illumination overhead with LED triggering</li><li>Binning and back-illuminated sensors for low-light imaging</li></ul>',
        '<p>The recording and slides are available on demand. <em>Duration: 45 minutes, including Q&amp;A.</em></p>',
      ),
      zh: html(
        '<p>在最初一小时看起来状态良好的细胞，经过一天的成像后可能停止分裂。本次研讨会将介绍如何在不损失图像质量的前提下测量并降低光照剂量。</p>',
        '<h2>主要内容</h2>',
        '<ul><li>通过增殖实验与线粒体检测定量评估光毒性</li><li>为什么短时高强度曝光可能比长时低强度曝光更伤细胞</li><li>利用 LED 触发消除无效照明时间</li><li>像素合并与背照式传感器在弱光成像中的应用</li></ul>',
        '<p>回放视频与讲义可随时观看下载。<em>时长：45 分钟，含问答环节。</em></p>',
      ),
    },
  },
  {
    kind: 'knowledge',
    contentType: 'application-note',
    productSeries: 'thin-film-metrology',
    author: zhouWenbo,
    publishedAt: '2025-11-05',
    title: {
      en: 'Measuring ALD High-k Films by Spectroscopic Ellipsometry',
      zh: '利用光谱椭偏仪测量原子层沉积高 k 薄膜',
    },
    summary: {
      en: 'Model choices and measurement settings for HfO₂ and Al₂O₃ films from 1 nm to 20 nm on silicon.',
      zh: '硅基底上 1-20 nm HfO₂ 与 Al₂O₃ 薄膜测量的模型选择与参数设置。',
    },
    body: {
      en: html(
        '<p>Atomic layer deposition grows films one monolayer at a time, and process engineers need to confirm growth per cycle to within a few percent. Spectroscopic ellipsometry is sensitive to these thicknesses because it measures phase, not only intensity.</p>',
        '<h2>Building the model</h2>',
        '<p>For films thinner than 5 nm, thickness and refractive index correlate strongly. Fix the optical constants from a thicker reference film and fit only thickness on the thin samples.</p>',
        '<h3>Recommended settings</h3>',
        '<ul><li>Spectral range 190-1000 nm to capture the band-gap absorption</li><li>Three angles: 65°, 70° and 75°</li><li>Include a native SiO₂ interlayer in the model</li></ul>',
        '<p>With these settings the SE-2000 achieved 0.005 nm repeatability and matched TEM cross-sections within 0.2 nm.</p>',
      ),
      zh: html(
        '<p>原子层沉积逐层生长薄膜，工艺工程师需要将每循环生长厚度的误差控制在百分之几以内。光谱椭偏仪测量的是相位而不仅是强度，因而对如此薄的膜层十分敏感。</p>',
        '<h2>建立模型</h2>',
        '<p>对于 5 nm 以下的薄膜，厚度与折射率之间存在强相关性。建议先用较厚的参考膜确定光学常数，再对薄样品仅拟合厚度。</p>',
        '<h3>推荐设置</h3>',
        '<ul><li>光谱范围 190-1000 nm，以涵盖带隙吸收</li><li>三个入射角：65°、70° 与 75°</li><li>模型中加入自然氧化层 SiO₂ 界面层</li></ul>',
        '<p>采用上述设置，SE-2000 的重复性达到 0.005 nm，与 TEM 截面测量结果的偏差在 0.2 nm 以内。</p>',
      ),
    },
  },
  {
    kind: 'knowledge',
    contentType: 'technical-article',
    productSeries: 'objectives',
    author: sarahWhitfield,
    publishedAt: '2026-01-20',
    title: {
      en: 'Numerical Aperture, Working Distance and Immersion: Choosing an Objective',
      zh: '数值孔径、工作距离与浸液：如何选择显微物镜',
    },
    summary: {
      en: 'The objective limits resolution, brightness and depth more than any other component. Here is how to read the numbers engraved on the barrel.',
      zh: '物镜对分辨率、亮度与成像深度的影响超过任何其他部件。本文教您读懂镜筒上刻印的各项参数。',
    },
    body: {
      en: html(
        '<p>Two objectives with the same magnification can differ by a factor of ten in brightness. The engraved numerical aperture, not the magnification, tells you how much light an objective collects and how fine a detail it resolves.</p>',
        '<h2>Resolution and brightness</h2>',
        '<p>Lateral resolution scales with 1/NA, while fluorescence brightness scales roughly with NA⁴/M². A 60×/1.42 oil objective therefore gives far brighter images than a 60×/0.85 dry objective.</p>',
        '<h2>Matching the immersion medium</h2>',
        '<ul><li><strong>Oil</strong> for fixed samples mounted in high-index media</li><li><strong>Water</strong> for live cells and deep imaging in aqueous samples</li><li><strong>Dry, long working distance</strong> for probe stations, heating stages and samples behind windows</li></ul>',
        '<p>A refractive index mismatch causes spherical aberration that grows with depth, so the best objective for a coverslip may be the worst one 100 µm into tissue.</p>',
      ),
      zh: html(
        '<p>放大倍率相同的两支物镜，亮度可能相差十倍。决定物镜收光能力与分辨细节能力的是刻印的数值孔径，而不是放大倍率。</p>',
        '<h2>分辨率与亮度</h2>',
        '<p>横向分辨率与 1/NA 成正比，荧光图像亮度大致与 NA⁴/M² 成正比。因此 60×/1.42 油镜的图像远比 60×/0.85 干镜明亮。</p>',
        '<h2>匹配浸液介质</h2>',
        '<ul><li><strong>油浸</strong>：适用于封片于高折射率介质中的固定样品</li><li><strong>水浸</strong>：适用于活细胞及水性样品的深层成像</li><li><strong>长工作距离干镜</strong>：适用于探针台、加热台及窗口后的样品</li></ul>',
        '<p>折射率失配会引入随深度增加的球差，因此在盖玻片表面表现最好的物镜，到了组织内部 100 µm 处可能反而最差。</p>',
      ),
    },
  },
  {
    kind: 'knowledge',
    contentType: 'technical-article',
    productSeries: 'device-characterization',
    author: zhouWenbo,
    publishedAt: '2026-03-11',
    title: {
      en: 'Low-Current Measurements: Guarding, Shielding and Settling Time',
      zh: '微小电流测量：保护、屏蔽与稳定时间',
    },
    summary: {
      en: 'Practical rules for measuring femtoamp currents on wafers and packaged devices without chasing noise and drift.',
      zh: '在晶圆及封装器件上测量飞安级电流的实用方法，避免被噪声与漂移困扰。',
    },
    body: {
      en: html(
        '<p>Below one picoamp, the measurement setup matters more than the instrument. Cable leakage, triboelectric charge and stray capacitance can all produce currents larger than the device signal.</p>',
        '<h2>Three rules</h2>',
        '<ul><li><strong>Guard</strong> every signal path with triaxial cables so that leakage flows to the guard, not the measurement</li><li><strong>Shield</strong> the device from light and electrostatic fields with a closed, grounded enclosure</li><li><strong>Wait</strong> for dielectric absorption to settle: several seconds per point at the femtoamp level</li></ul>',
        '<h3>Verify the noise floor</h3>',
        '<p>Before each campaign, lift the probes and record an open-circuit measurement with the same settings. If the result is not at least ten times below your expected device current, fix the setup before measuring devices.</p>',
      ),
      zh: html(
        '<p>在 1 pA 以下的量级，测试环境比仪器本身更为关键。线缆漏电、摩擦电荷与杂散电容都可能产生比器件信号更大的电流。</p>',
        '<h2>三条原则</h2>',
        '<ul><li><strong>保护</strong>：所有信号通路采用三同轴线缆，使漏电流流向保护层而非测量端</li><li><strong>屏蔽</strong>：用封闭接地的屏蔽罩隔绝光照与静电场</li><li><strong>等待</strong>：让介质吸收效应充分稳定，在飞安级测量中每个点需等待数秒</li></ul>',
        '<h3>确认噪声底限</h3>',
        '<p>每轮测试前，先抬起探针，以相同设置进行一次开路测量。如果结果不能比预期器件电流低至少十倍，请先排查测试环境，再开始测量器件。</p>',
      ),
    },
  },
  {
    kind: 'knowledge',
    contentType: 'case-study',
    productSeries: 'ftir-spectrometers',
    author: annaKowalski,
    publishedAt: '2026-05-27',
    title: {
      en: 'Case Study: Inline FT-NIR Control of a Fluid-Bed Dryer',
      zh: '案例分析：流化床干燥过程的在线 FT-NIR 控制',
    },
    summary: {
      en: 'A generic drug manufacturer replaced loss-on-drying sampling with real-time moisture prediction and shortened each batch by 40 minutes.',
      zh: '某仿制药企业以实时水分预测取代干燥失重取样检测，每批次缩短 40 分钟。',
    },
    body: {
      en: html(
        '<p>Granules were dried to a fixed time with a safety margin, then sampled for loss on drying. Batches were regularly over-dried, and each sample held up the process for 15 minutes.</p>',
        '<h2>Implementation</h2>',
        '<ul><li>FT-NIR-A analyzer with a diffuse reflectance probe in the dryer wall</li><li>PLS model for moisture built from 14 batches</li><li>Endpoint signal sent to the control system over OPC UA</li></ul>',
        '<h2>Outcome</h2>',
        '<p>The model predicts moisture with an error of 0.15 % w/w. The dryer now stops at the target moisture, saving an average of 40 minutes and reducing fines from over-drying.</p>',
      ),
      zh: html(
        '<p>过去颗粒按固定时间加安全余量进行干燥，随后取样测定干燥失重。批次经常出现过度干燥，且每次取样都会使工艺停滞 15 分钟。</p>',
        '<h2>实施方案</h2>',
        '<ul><li>FT-NIR-A 分析仪，漫反射探头安装于干燥器侧壁</li><li>基于 14 个批次建立水分 PLS 模型</li><li>通过 OPC UA 将终点信号发送至控制系统</li></ul>',
        '<h2>实施效果</h2>',
        '<p>模型水分预测误差为 0.15 %（w/w）。干燥器现在在达到目标水分时即自动停止，平均每批节省 40 分钟，并减少了因过度干燥产生的细粉。</p>',
      ),
    },
  },
  {
    kind: 'knowledge',
    contentType: 'application-note',
    productSeries: 'lasers',
    author: chenYujie,
    publishedAt: '2026-08-04',
    title: {
      en: 'Laser Requirements for Raman: Linewidth, Stability and Side-Mode Suppression',
      zh: '拉曼光谱对激光器的要求：线宽、稳定性与边模抑制',
    },
    summary: {
      en: 'Which laser specifications actually limit Raman data quality, and how to verify them on your own bench.',
      zh: '哪些激光器指标真正限制了拉曼数据质量，以及如何在自己的实验台上进行验证。',
    },
    body: {
      en: html(
        '<p>A Raman spectrometer can only be as sharp and stable as its excitation source. Yet laser datasheets list many parameters, and not all of them matter equally.</p>',
        '<h2>Specifications that matter</h2>',
        '<ul><li><strong>Linewidth:</strong> should be well below the spectrometer resolution; under 100 pm is enough for 4 cm⁻¹ systems</li><li><strong>Wavelength stability:</strong> a 0.1 nm drift at 785 nm shifts every peak by 1.6 cm⁻¹</li><li><strong>Side-mode suppression:</strong> amplified spontaneous emission shows up as broad background near the laser line</li></ul>',
        '<h3>A simple bench check</h3>',
        '<p>Record a neon lamp and the Rayleigh line of the laser at the same time every hour for a day. The relative shift between them is the laser drift, independent of spectrometer temperature.</p>',
      ),
      zh: html(
        '<p>拉曼光谱仪的谱峰锐度与稳定性，取决于其激发光源。激光器规格书上参数众多，但并非每一项都同等重要。</p>',
        '<h2>真正重要的指标</h2>',
        '<ul><li><strong>线宽：</strong>应远小于光谱仪分辨率；对于 4 cm⁻¹ 的系统，小于 100 pm 即可</li><li><strong>波长稳定性：</strong>785 nm 处 0.1 nm 的漂移会使所有谱峰偏移 1.6 cm⁻¹</li><li><strong>边模抑制：</strong>放大自发辐射会在激光线附近形成宽背景</li></ul>',
        '<h3>简单的验证方法</h3>',
        '<p>在一天内每小时同时记录一次氖灯谱线与激光瑞利线，两者之间的相对位移即为激光器漂移，与光谱仪温度无关。</p>',
      ),
    },
  },
  {
    kind: 'knowledge',
    contentType: 'webinar',
    productSeries: 'confocal-microscopes',
    author: liHaoran,
    publishedAt: '2026-11-12',
    title: {
      en: 'Webinar: Point-Scanning or Spinning-Disk Confocal?',
      zh: '网络研讨会：点扫描共聚焦还是转盘共聚焦？',
    },
    summary: {
      en: 'How to choose between the two confocal architectures based on sample thickness, speed and photobleaching.',
      zh: '根据样品厚度、成像速度与光漂白程度，在两种共聚焦架构之间作出选择。',
    },
    body: {
      en: html(
        '<p>Both instruments reject out-of-focus light with pinholes, but they do it in very different ways. This session compares them on the same samples.</p>',
        '<h2>What you will learn</h2>',
        '<ul><li>Why spinning-disk systems bleach live samples less at the same signal level</li><li>When pinhole crosstalk limits spinning-disk imaging in thick tissue</li><li>How spectral detection on point scanners helps with overlapping dyes</li></ul>',
        '<p>Live demonstration on cleared mouse brain sections and intestinal organoids, followed by questions from participants.</p>',
      ),
      zh: html(
        '<p>两种仪器都利用针孔滤除离焦光，但实现方式截然不同。本次研讨会将在相同样品上对二者进行对比。</p>',
        '<h2>您将了解</h2>',
        '<ul><li>为什么在相同信号水平下，转盘共聚焦对活体样品的光漂白更少</li><li>在厚组织中，针孔串扰何时会限制转盘共聚焦的成像效果</li><li>点扫描系统的光谱检测如何帮助区分发射光谱重叠的染料</li></ul>',
        '<p>现场演示透明化小鼠脑切片及肠道类器官的成像，随后进行互动答疑。</p>',
      ),
    },
  },
  // ---------------------------------------------------------------- News
  {
    kind: 'news',
    contentType: 'product-news',
    productSeries: 'raman-spectrometers',
    author: editorial,
    publishedAt: '2025-03-25',
    title: {
      en: 'LumenLab Introduces the RS-1064-B 1064 nm Benchtop Raman Spectrometer',
      zh: '流明实验仪器推出 RS-1064-B 1064 nm 台式拉曼光谱仪',
    },
    summary: {
      en: 'The new dispersive 1064 nm system brings fluorescence-free Raman to labs that previously needed an FT-Raman instrument.',
      zh: '全新色散型 1064 nm 系统，让以往需要傅里叶变换拉曼仪器的实验室也能轻松获得无荧光干扰的拉曼光谱。',
    },
    body: {
      en: html(
        '<p>LumenLab Instruments today announced the RS-1064-B, a benchtop Raman spectrometer with 1064 nm excitation and a deep-cooled InGaAs array detector.</p>',
        '<p>The instrument targets pharmaceutical, food and polymer laboratories that struggle with fluorescent samples at 785 nm. Its dispersive design has no moving parts and acquires spectra in seconds.</p>',
        '<ul><li>Raman shift range 100-2500 cm⁻¹</li><li>Spectral resolution 9 cm⁻¹</li><li>Up to 500 mW laser power at the sample</li></ul>',
        '<p>The RS-1064-B is available to order now, with first deliveries in the second quarter.</p>',
      ),
      zh: html(
        '<p>流明实验仪器今日正式发布 RS-1064-B 台式拉曼光谱仪，采用 1064 nm 激发及深度制冷铟镓砷阵列探测器。</p>',
        '<p>该仪器面向在 785 nm 激发下受荧光干扰困扰的制药、食品及高分子实验室。色散型设计无运动部件，数秒即可完成光谱采集。</p>',
        '<ul><li>拉曼位移范围 100-2500 cm⁻¹</li><li>光谱分辨率 9 cm⁻¹</li><li>样品处激光功率最高 500 mW</li></ul>',
        '<p>RS-1064-B 现已接受订购，首批产品将于第二季度交付。</p>',
      ),
    },
  },
  {
    kind: 'news',
    contentType: 'company-news',
    productSeries: 'confocal-microscopes',
    author: editorial,
    publishedAt: '2025-07-08',
    title: {
      en: 'LumenLab Opens Application Laboratory in Shanghai',
      zh: '流明实验仪器上海应用实验室正式启用',
    },
    summary: {
      en: 'Customers in China can now test microscopy and spectroscopy systems with their own samples and attend hands-on training locally.',
      zh: '中国客户现可在本地使用自己的样品测试显微及光谱系统，并参加实操培训。',
    },
    body: {
      en: html(
        '<p>LumenLab Instruments has opened a 600 m² application laboratory in Shanghai, its second after the headquarters laboratory in Singapore.</p>',
        '<p>The laboratory is equipped with confocal and live-cell microscopes, Raman and fluorescence spectrometers, and a 200 mm probe station. A team of eight application scientists supports sample testing, method development and training in Chinese and English.</p>',
        '<h3>Booking a demonstration</h3>',
        '<p>Demonstrations and sample measurements are free of charge for qualified projects. Contact your local sales engineer to book a session.</p>',
      ),
      zh: html(
        '<p>流明实验仪器在上海启用了面积 600 m² 的应用实验室，这是继新加坡总部实验室之后的第二个应用实验室。</p>',
        '<p>实验室配备共聚焦及活细胞显微镜、拉曼与荧光光谱仪以及 200 mm 探针台。由 8 名应用工程师组成的团队提供中英文样品测试、方法开发与培训服务。</p>',
        '<h3>预约演示</h3>',
        '<p>符合条件的项目可免费进行演示及样品测试。请联系当地销售工程师预约。</p>',
      ),
    },
  },
  {
    kind: 'news',
    contentType: 'product-news',
    productSeries: 'probe-stations',
    author: editorial,
    publishedAt: '2025-10-21',
    title: {
      en: 'New 300 mm Thermal Probe Station Covers -60 °C to 300 °C',
      zh: '全新 300 mm 高低温探针台覆盖 -60 °C 至 300 °C',
    },
    summary: {
      en: 'The PS-300-TH combines frost-free low-temperature operation with a 5 fA noise floor for reliability and low-current testing.',
      zh: 'PS-300-TH 兼具无结霜低温运行与 5 fA 噪声底限，适用于可靠性及微小电流测试。',
    },
    body: {
      en: html(
        '<p>LumenLab Instruments has added the PS-300-TH to its probe station range. It is the company’s first station for 300 mm wafers and the first with sub-zero chuck temperatures.</p>',
        '<ul><li>Chuck temperature from -60 °C to 300 °C</li><li>Leakage noise floor of 5 fA in the shielded enclosure</li><li>Twelve positioner slots for parallel stress testing</li></ul>',
        '<p>The station is designed for bias-temperature instability, dielectric breakdown and automotive qualification tests, and integrates with the SA-4200 parameter analyzer.</p>',
        '<p>The PS-300-TH is available to order now. Demonstrations can be booked at the Singapore application laboratory.</p>',
      ),
      zh: html(
        '<p>流明实验仪器探针台产品线新增 PS-300-TH。这是公司首款支持 300 mm 晶圆、也是首款卡盘温度可降至零下的探针台。</p>',
        '<ul><li>卡盘温度范围 -60 °C 至 300 °C</li><li>屏蔽罩内漏电流噪声底限 5 fA</li><li>12 个探针座位，支持并行应力测试</li></ul>',
        '<p>该探针台专为偏压温度不稳定性、介质击穿及车规级认证测试设计，可与 SA-4200 参数分析仪无缝集成。</p>',
        '<p>PS-300-TH 现已接受订购，欢迎预约在新加坡应用实验室进行现场演示。</p>',
      ),
    },
  },
  {
    kind: 'news',
    contentType: 'company-news',
    productSeries: 'lasers',
    author: editorial,
    publishedAt: '2026-02-10',
    title: {
      en: 'LumenLab Expands Singapore Production and Renews ISO 9001 Certification',
      zh: '流明实验仪器扩建新加坡生产基地并通过 ISO 9001 复审认证',
    },
    summary: {
      en: 'A new cleanroom assembly line doubles laser and optics capacity and shortens lead times for popular modules.',
      zh: '新建洁净装配线使激光器与光学元件产能翻倍，热门模块交货周期进一步缩短。',
    },
    body: {
      en: html(
        '<p>LumenLab Instruments has opened a 1,200 m² production extension at its Singapore site, including an ISO Class 7 cleanroom for laser and fiber assembly.</p>',
        '<p>The expansion doubles production capacity for laser modules and precision optics. Standard lasers and fiber spectrometers now ship within one to two weeks.</p>',
        '<p>In the same month, the company successfully completed its ISO 9001:2015 recertification audit with no major findings.</p>',
        '<p><strong>“Shorter lead times are the most frequent request we hear from researchers,”</strong> said the head of operations. “This investment answers it directly.”</p>',
      ),
      zh: html(
        '<p>流明实验仪器新加坡基地新增 1,200 m² 生产区，其中包括用于激光器与光纤装配的 ISO 7 级洁净室。</p>',
        '<p>此次扩建使激光模块与精密光学元件的产能翻倍。标准激光器与光纤光谱仪现可在一至两周内发货。</p>',
        '<p>同月，公司顺利通过 ISO 9001:2015 质量管理体系复审认证，无严重不符合项。</p>',
        '<p><strong>“缩短交货周期是科研用户向我们提出最多的需求，”</strong>运营负责人表示，“这项投资正是对这一需求的直接回应。”</p>',
      ),
    },
  },
  {
    kind: 'news',
    contentType: 'product-news',
    productSeries: 'fluorescence-microscopes',
    author: editorial,
    publishedAt: '2026-06-16',
    title: {
      en: 'FM-LC-7 Live-Cell Imaging System and LED-MC-6 Illuminator Launched',
      zh: 'FM-LC-7 活细胞成像系统与 LED-MC-6 光源正式发布',
    },
    summary: {
      en: 'A fully motorized widefield system and a six-channel LED source designed together for gentle, multi-day live-cell experiments.',
      zh: '全电动宽场成像系统与六通道 LED 光源协同设计，专为温和的多日活细胞实验打造。',
    },
    body: {
      en: html(
        '<p>LumenLab Instruments has launched the FM-LC-7 live-cell imaging system together with the LED-MC-6 six-channel illuminator.</p>',
        '<p>The two products were developed as a pair: camera-triggered LED switching in under 20 µs removes idle illumination, and hardware autofocus keeps cells in focus for days in a controlled 37 °C, 5 % CO₂ environment.</p>',
        '<ul><li>Seven-channel LED illumination in the FM-LC-7, 365-770 nm</li><li>Back-illuminated sCMOS camera</li><li>Stage-top or full-enclosure incubation</li></ul>',
        '<p>Both products are available worldwide; the LED-MC-6 can also be fitted to most existing research microscopes.</p>',
      ),
      zh: html(
        '<p>流明实验仪器正式发布 FM-LC-7 活细胞成像系统及 LED-MC-6 六通道 LED 光源。</p>',
        '<p>两款产品为协同开发：LED 由相机触发切换，切换时间小于 20 µs，消除了无效照明；硬件自动对焦可在 37 °C、5 % CO₂ 的受控环境中连续数天保持焦面稳定。</p>',
        '<ul><li>FM-LC-7 配备七通道 LED 照明，覆盖 365-770 nm</li><li>背照式 sCMOS 相机</li><li>可选载物台式或全罩式培养箱</li></ul>',
        '<p>两款产品现已全球发售；LED-MC-6 也可加装于大多数现有科研显微镜。</p>',
      ),
    },
  },
];
