import type { SeedSolution, SeedSolutionGroup } from '../types.ts';

/** Joins HTML fragments so long bodies stay readable in source. */
const html = (...parts: string[]): string => parts.join('');

export const solutionGroups: SeedSolutionGroup[] = [
  {
    type: 0,
    key: 'microscopy-techniques',
    title: { en: 'Microscopy Techniques', zh: '显微成像技术' },
    desc: {
      en: 'Confocal, widefield fluorescence, confocal Raman and 3D surface imaging configured around your samples.',
      zh: '围绕您的样品配置共聚焦、宽场荧光、显微拉曼及三维表面成像方案。',
    },
    value: {
      en: 'One partner for the microscope, light sources, objectives and stages: matched components, one validation report and one service contact.',
      zh: '显微镜主机、光源、物镜与载物台由同一供应商提供：组件相互匹配，统一验收报告，统一售后联系人。',
    },
    intro: {
      en: 'Whether you image living cells for days, section thick tissue or measure the roughness of a machined surface, the right combination of illumination, optics and motion control decides data quality. Our application scientists configure and test each system with your samples before delivery.',
      zh: '无论是对活细胞进行多日连续成像、对厚组织进行光学切片，还是测量机加工表面的粗糙度，照明、光学与运动控制的合理组合决定着数据质量。我们的应用工程师会在发货前使用您的样品对每套系统进行配置与测试。',
    },
    img: 'microscope',
  },
  {
    type: 1,
    key: 'spectroscopy-instruments',
    title: { en: 'Spectroscopy Instruments', zh: '光谱分析仪器' },
    desc: {
      en: 'Raman, FTIR, fluorescence and fiber-optic spectroscopy for identification, quantification and process analysis.',
      zh: '拉曼、红外、荧光及光纤光谱技术，用于物质鉴别、定量分析与过程分析。',
    },
    value: {
      en: 'Method development support, validated libraries and calibration transfer, so results stay comparable from the lab to the production line.',
      zh: '提供方法开发支持、经过验证的谱库及定标模型转移服务，确保从实验室到生产线的结果始终可比。',
    },
    intro: {
      en: 'Choosing between Raman, infrared, fluorescence and UV-VIS-NIR spectroscopy depends on the sample, the information you need and where the measurement takes place. The solutions below describe proven configurations and the reasoning behind them.',
      zh: '在拉曼、红外、荧光与紫外-可见-近红外光谱之间如何选择，取决于样品性质、所需信息以及测量场所。以下方案介绍了经过验证的系统配置及其选型思路。',
    },
    img: 'spectrometer',
  },
  {
    type: 2,
    key: 'semiconductor-microelectronics',
    title: { en: 'Semiconductor & Microelectronics', zh: '半导体与微电子' },
    desc: {
      en: 'Probe stations, electrical characterization and thin-film metrology for device research, reliability and process control.',
      zh: '探针台、电学特性分析与薄膜量测，覆盖器件研发、可靠性测试与工艺控制。',
    },
    value: {
      en: 'Probe station, instruments, cabling and software delivered as one verified system, with a measured noise floor at handover.',
      zh: '探针台、测试仪器、线缆与软件作为一套经过验证的整体系统交付，验收时提供实测噪声底限。',
    },
    intro: {
      en: 'Reliable device data depends as much on the probing environment as on the instrument. We combine probe stations, source measure units, parameter analyzers and film metrology into integrated test cells for wafers from 50 mm to 300 mm and temperatures from 4.5 K to 300 °C.',
      zh: '可靠的器件数据既取决于测试仪器，也同样取决于探测环境。我们将探针台、源测量单元、参数分析仪与薄膜量测设备整合为一体化测试单元，适用于 50 mm 至 300 mm 晶圆以及 4.5 K 至 300 °C 的温度范围。',
    },
    img: 'probe-station',
  },
];

export const solutions: SeedSolution[] = [
  // ---------------------------------------------------------------- Microscopy techniques
  {
    type: 0,
    title: { en: 'Long-Term Live-Cell Imaging', zh: '长时程活细胞成像' },
    summary: {
      en: 'Keep cells healthy and in focus for days while recording multi-position, multi-color time-lapse data.',
      zh: '在数天的多点、多色延时拍摄中，保持细胞健康状态与焦面稳定。',
    },
    body: {
      en: html(
        '<p>Time-lapse experiments fail for two reasons: the cells suffer from light and environment, or the focus drifts. A dedicated live-cell system addresses both.</p>',
        '<h3>Recommended configuration</h3>',
        '<ul><li><strong>FM-LC-7</strong> live-cell imaging system with incubator and hardware autofocus</li><li><strong>LED-MC-6</strong> illuminator with camera-triggered switching to minimize exposure</li><li><strong>OBJ-PA-60XO</strong> oil objective for high photon collection</li><li><strong>ST-XY-120</strong> stage for repeatable multi-position acquisition</li></ul>',
        '<p>Typical results: HeLa and iPSC cultures imaged every 10 minutes for 72 hours in four channels with no measurable loss in proliferation rate.</p>',
      ),
      zh: html(
        '<p>延时成像实验失败通常有两个原因：细胞受到光照和环境的损伤，或焦面发生漂移。专用的活细胞成像系统可同时解决这两个问题。</p>',
        '<h3>推荐配置</h3>',
        '<ul><li><strong>FM-LC-7</strong> 活细胞成像系统，含培养箱与硬件自动对焦</li><li><strong>LED-MC-6</strong> LED 光源，相机触发切换，最大限度降低光照剂量</li><li><strong>OBJ-PA-60XO</strong> 油镜，光子收集效率高</li><li><strong>ST-XY-120</strong> 电动载物台，实现可重复的多点采集</li></ul>',
        '<p>典型结果：HeLa 细胞与 iPSC 培养物每 10 分钟采集一次四通道图像，连续 72 小时，细胞增殖速率无可测下降。</p>',
      ),
    },
    products: ['FM-LC-7', 'LED-MC-6', 'OBJ-PA-60XO', 'ST-XY-120'],
  },
  {
    type: 0,
    title: { en: 'Confocal Imaging of Organoids and Thick Tissue', zh: '类器官与厚组织共聚焦成像' },
    summary: {
      en: 'Optical sectioning deep into scattering samples with point-scanning or spinning-disk confocal microscopy.',
      zh: '利用点扫描或转盘共聚焦显微技术，对强散射样品进行深层光学切片。',
    },
    body: {
      en: html(
        '<p>Organoids, spheroids and cleared tissue are hundreds of microns thick. Widefield images are dominated by out-of-focus light, while confocal detection rejects it and builds clean 3D volumes.</p>',
        '<h3>Point scanning or spinning disk?</h3>',
        '<ul><li><strong>CM-LS-4</strong> for maximum sectioning, spectral flexibility and large tiled scans of fixed samples</li><li><strong>CM-SD-2</strong> for fast volumes of living organoids with low photobleaching</li></ul>',
        '<p>The <strong>OBJ-W-25X</strong> water dipping objective matches the refractive index of aqueous samples and keeps resolution constant with depth; the <strong>ST-FD-25</strong> focus drive adds Z-stacks on any stand.</p>',
      ),
      zh: html(
        '<p>类器官、细胞球及透明化组织的厚度可达数百微米。宽场图像会被离焦光淹没，而共聚焦检测可将其滤除，得到清晰的三维数据。</p>',
        '<h3>点扫描还是转盘？</h3>',
        '<ul><li><strong>CM-LS-4</strong>：光学切片能力最强，光谱检测灵活，适合固定样品的大视野拼接</li><li><strong>CM-SD-2</strong>：适合活体类器官的快速三维采集，光漂白低</li></ul>',
        '<p><strong>OBJ-W-25X</strong> 水浸物镜与水性样品折射率匹配，成像深度增加时分辨率保持稳定；<strong>ST-FD-25</strong> 调焦驱动器可为任意显微镜增加 Z 轴层扫功能。</p>',
      ),
    },
    products: ['CM-LS-4', 'CM-SD-2', 'OBJ-W-25X', 'ST-FD-25'],
  },
  {
    type: 0,
    title: { en: 'Confocal Raman Chemical Imaging', zh: '共聚焦拉曼化学成像' },
    summary: {
      en: 'Map chemical composition, crystallinity and stress with sub-micron resolution and no labels.',
      zh: '无需标记，以亚微米分辨率对化学组成、结晶度及应力分布进行成像。',
    },
    body: {
      en: html(
        '<p>A Raman map assigns a full spectrum to every pixel, revealing component distribution in pharmaceutical tablets, phases in minerals and layer number in graphene and other 2D materials.</p>',
        '<ul><li><strong>RS-532-CM</strong> confocal Raman microscope with 0.4 µm lateral resolution</li><li><strong>OBJ-LWD-50X</strong> for samples in heating stages or behind windows</li><li><strong>ST-XY-120</strong> for large-area mapping</li></ul>',
        '<p>For fluorescent samples, add the 785 nm excitation channel, which is selected in software without realignment.</p>',
      ),
      zh: html(
        '<p>拉曼面扫描为每个像素记录一条完整光谱，可揭示药片中各组分的分布、矿物中的物相以及石墨烯等二维材料的层数。</p>',
        '<ul><li><strong>RS-532-CM</strong> 共聚焦显微拉曼光谱仪，横向分辨率 0.4 µm</li><li><strong>OBJ-LWD-50X</strong> 长工作距离物镜，适用于加热台内或窗口后的样品</li><li><strong>ST-XY-120</strong> 电动载物台，用于大面积扫描</li></ul>',
        '<p>对于荧光较强的样品，可加配 785 nm 激发通道，由软件切换，无需重新调光。</p>',
      ),
    },
    products: ['RS-532-CM', 'OBJ-LWD-50X', 'ST-XY-120', 'LP-532-25'],
  },
  {
    type: 0,
    title: { en: '3D Surface Topography and Roughness', zh: '三维表面形貌与粗糙度测量' },
    summary: {
      en: 'Non-contact areal roughness and step height measurement to ISO 25178 on machined, coated and patterned surfaces.',
      zh: '依据 ISO 25178 对机加工、镀膜及图形化表面进行非接触式面粗糙度与台阶高度测量。',
    },
    body: {
      en: html(
        '<p>Stylus profilers scratch soft coatings and capture only a line. Confocal laser profilometry measures the whole area without contact and with nanometer height resolution.</p>',
        '<h3>Typical applications</h3>',
        '<ul><li>Roughness of polished and laser-textured metal surfaces</li><li>Step heights and trench depths on patterned wafers</li><li>Wear volume after tribological testing</li></ul>',
        '<p>The <strong>CM-3D-P</strong> is often combined with the <strong>TF-R-100</strong> reflectometer when both film thickness and surface topography are needed on the same part.</p>',
      ),
      zh: html(
        '<p>接触式轮廓仪会划伤软质镀层，而且只能获得一条轮廓线。共聚焦激光轮廓测量无需接触即可测量整个区域，高度分辨率达纳米级。</p>',
        '<h3>典型应用</h3>',
        '<ul><li>抛光及激光织构金属表面的粗糙度</li><li>图形化晶圆上的台阶高度与沟槽深度</li><li>摩擦磨损试验后的磨损体积</li></ul>',
        '<p>当同一零件既需要测量膜厚又需要测量表面形貌时，<strong>CM-3D-P</strong> 常与 <strong>TF-R-100</strong> 反射仪搭配使用。</p>',
      ),
    },
    products: ['CM-3D-P', 'OBJ-LWD-50X', 'TF-R-100'],
  },
  // ---------------------------------------------------------------- Spectroscopy instruments
  {
    type: 1,
    title: { en: 'Raw Material Identification for Pharma', zh: '制药原辅料快速鉴别' },
    summary: {
      en: 'Verify every container of incoming material at the warehouse, through packaging and in seconds.',
      zh: '在仓库现场隔包装逐桶验证来料，单次检测仅需数秒。',
    },
    body: {
      en: html(
        '<p>Regulations increasingly expect identity testing of every container, not just a sample. Handheld Raman makes this practical because it measures through plastic bags and glass.</p>',
        '<h3>Choosing the technique</h3>',
        '<ul><li><strong>RS-785-H</strong> handheld Raman for most excipients and APIs, measured through packaging</li><li><strong>RS-1064-B</strong> for strongly fluorescent materials such as cellulose derivatives and natural products</li><li><strong>FT-ATR-P</strong> for materials with weak Raman scattering, such as some salts and polymers</li></ul>',
        '<p>All three instruments share one library format and a 21 CFR Part 11 compliant data system.</p>',
      ),
      zh: html(
        '<p>监管要求日益倾向于对每一个包装容器进行鉴别检验，而不仅是抽样。手持式拉曼可隔着塑料袋和玻璃瓶测量，使逐桶检验切实可行。</p>',
        '<h3>技术选择</h3>',
        '<ul><li><strong>RS-785-H</strong> 手持式拉曼：适用于大多数辅料与原料药，可隔包装测量</li><li><strong>RS-1064-B</strong>：适用于纤维素衍生物、天然产物等强荧光物料</li><li><strong>FT-ATR-P</strong>：适用于部分无机盐、聚合物等拉曼散射较弱的物料</li></ul>',
        '<p>三款仪器采用统一的谱库格式及符合 21 CFR Part 11 要求的数据系统。</p>',
      ),
    },
    products: ['RS-785-H', 'RS-1064-B', 'FT-ATR-P'],
  },
  {
    type: 1,
    title: { en: 'Inline Process Monitoring with Raman and NIR', zh: '拉曼与近红外在线过程监测' },
    summary: {
      en: 'Follow reactions, crystallization, blending and drying in real time instead of waiting for offline results.',
      zh: '实时跟踪反应、结晶、混合与干燥过程，无需等待离线检测结果。',
    },
    body: {
      en: html(
        '<p>Process analytical technology replaces sampling and offline HPLC with continuous spectra from probes installed directly in the vessel or pipe.</p>',
        '<ul><li><strong>RS-785-B</strong> with the <strong>FB-RP-785</strong> immersion probe for reaction endpoints and polymorph control</li><li><strong>FT-NIR-A</strong> with up to eight probes for moisture and blend uniformity</li></ul>',
        '<h3>From lab to plant</h3>',
        '<p>Models built on the laboratory instrument transfer to the process analyzer without recalibration, thanks to wavenumber-stable interferometers and standardized intensity correction.</p>',
      ),
      zh: html(
        '<p>过程分析技术（PAT）通过直接安装在反应釜或管道中的探头连续采集光谱，取代取样与离线 HPLC 检测。</p>',
        '<ul><li><strong>RS-785-B</strong> 配合 <strong>FB-RP-785</strong> 浸入式探头，用于反应终点判断与晶型控制</li><li><strong>FT-NIR-A</strong> 最多连接 8 个探头，用于水分测定与混合均匀度监测</li></ul>',
        '<h3>从实验室到车间</h3>',
        '<p>得益于波数稳定的干涉仪与标准化强度校正，在实验室仪器上建立的模型可直接转移至过程分析仪，无需重新定标。</p>',
      ),
    },
    products: ['RS-785-B', 'FB-RP-785', 'FT-NIR-A', 'SP-NIR-1700'],
  },
  {
    type: 1,
    title: {
      en: 'Modular UV-VIS-NIR Absorbance and Reflectance',
      zh: '模块化紫外-可见-近红外吸收与反射测量',
    },
    summary: {
      en: 'Build a flexible absorbance, transmission or reflectance setup from fiber spectrometers, sources and probes.',
      zh: '以光纤光谱仪、光源与探头灵活搭建吸光度、透射率或反射率测量系统。',
    },
    body: {
      en: html(
        '<p>Fiber-optic spectroscopy brings the measurement to the sample: a cuvette on the bench, a coating on a production line or a reaction inside a glovebox.</p>',
        '<h3>A typical setup</h3>',
        '<ul><li><strong>LH-DH-2000</strong> deuterium-halogen source for 190-2500 nm</li><li><strong>SP-UV-VIS-25</strong> spectrometer with UV-enhanced detector</li><li><strong>FP-400-UV-2</strong> solarization-resistant patch cables</li><li><strong>FB-R-400</strong> reflection probe for solid samples</li></ul>',
        '<p>Add the <strong>SP-NIR-1700</strong> to extend the range to 1700 nm for moisture and organic overtone bands.</p>',
      ),
      zh: html(
        '<p>光纤光谱技术让测量贴近样品：无论是实验台上的比色皿、生产线上的镀膜，还是手套箱内的反应体系。</p>',
        '<h3>典型配置</h3>',
        '<ul><li><strong>LH-DH-2000</strong> 氘卤组合光源，覆盖 190-2500 nm</li><li><strong>SP-UV-VIS-25</strong> 光谱仪，紫外增强型探测器</li><li><strong>FP-400-UV-2</strong> 抗日晒光纤跳线</li><li><strong>FB-R-400</strong> 反射探头，用于固体样品</li></ul>',
        '<p>加配 <strong>SP-NIR-1700</strong> 可将测量范围扩展至 1700 nm，用于水分及有机物倍频吸收带分析。</p>',
      ),
    },
    products: ['LH-DH-2000', 'SP-UV-VIS-25', 'FP-400-UV-2', 'FB-R-400'],
  },
  {
    type: 1,
    title: { en: 'Photoluminescence of Emerging Materials', zh: '新型发光材料的光致发光表征' },
    summary: {
      en: 'Measure spectra, quantum yield and lifetimes of perovskites, quantum dots and phosphors from UV to NIR-II.',
      zh: '测量钙钛矿、量子点及荧光粉从紫外到近红外二区的光谱、量子产率与荧光寿命。',
    },
    body: {
      en: html(
        '<p>New emitters are judged by three numbers: where they emit, how efficiently and how fast. A complete photoluminescence lab answers all three.</p>',
        '<ul><li><strong>FL-1000</strong> for excitation and emission spectra and absolute quantum yield with an integrating sphere</li><li><strong>FL-3000-TR</strong> for lifetimes from 25 ps, time-resolved emission spectra and phosphorescence</li><li><strong>FL-NIR-1700</strong> for emission beyond 900 nm</li></ul>',
        '<p>Cryostat and thin-film holders are shared between the instruments, so the same sample can be measured across all three without remounting.</p>',
      ),
      zh: html(
        '<p>评价一种新型发光材料主要看三项指标：发射波长、发光效率和衰减速度。一套完整的光致发光实验室可同时回答这三个问题。</p>',
        '<ul><li><strong>FL-1000</strong>：测量激发与发射光谱，配合积分球测定绝对量子产率</li><li><strong>FL-3000-TR</strong>：测量 25 ps 起的荧光寿命、时间分辨发射光谱及磷光</li><li><strong>FL-NIR-1700</strong>：测量 900 nm 以上的近红外发射</li></ul>',
        '<p>低温恒温器与薄膜样品架可在三台仪器间通用，同一样品无需重新安装即可完成全部测量。</p>',
      ),
    },
    products: ['FL-1000', 'FL-3000-TR', 'FL-NIR-1700'],
  },
  // ---------------------------------------------------------------- Semiconductor & microelectronics
  {
    type: 2,
    title: { en: 'Wafer-Level I-V and C-V Characterization', zh: '晶圆级 I-V 与 C-V 特性测试' },
    summary: {
      en: 'Automated DC and capacitance measurements across 200 mm wafers, from test structure to wafer map.',
      zh: '在 200 mm 晶圆上自动完成直流与电容测量，从测试结构到整片晶圆图谱。',
    },
    body: {
      en: html(
        '<p>Process development needs statistics, not single devices. A semi-automatic prober steps through hundreds of test structures while the analyzer runs the same test at every site.</p>',
        '<h3>System components</h3>',
        '<ul><li><strong>PS-200-SA</strong> semi-automatic probe station with thermal chuck</li><li><strong>SA-4200</strong> parameter analyzer with C-V unit for threshold voltage, mobility and oxide charge</li><li><strong>SMU-4-40</strong> for parallel stress on additional terminals</li></ul>',
        '<p>Results are written to wafer maps and exported in standard formats for yield and SPC systems.</p>',
      ),
      zh: html(
        '<p>工艺开发需要的是统计数据，而非单个器件的结果。半自动探针台在数百个测试结构间自动步进，分析仪在每个测试点执行相同的测试程序。</p>',
        '<h3>系统组成</h3>',
        '<ul><li><strong>PS-200-SA</strong> 半自动探针台，含温控卡盘</li><li><strong>SA-4200</strong> 参数分析仪，配 C-V 单元，测量阈值电压、迁移率与氧化层电荷</li><li><strong>SMU-4-40</strong> 用于其他端口的并行应力施加</li></ul>',
        '<p>测试结果生成晶圆图谱，并以标准格式导出至良率及 SPC 系统。</p>',
      ),
    },
    products: ['PS-200-SA', 'SA-4200', 'SMU-4-40'],
  },
  {
    type: 2,
    title: {
      en: 'Cryogenic Transport of Quantum and 2D Devices',
      zh: '量子器件与二维材料器件的低温输运测量',
    },
    summary: {
      en: 'Probe superconducting, topological and 2D-material devices from 4.5 K to 400 K without wire bonding.',
      zh: '无需引线键合，即可在 4.5 K 至 400 K 范围内对超导、拓扑及二维材料器件进行探针测试。',
    },
    body: {
      en: html(
        '<p>Wire-bonding each chip into a cryostat costs days per cooldown. A cryogenic probe station measures many devices per cooldown and lets you move the probes at base temperature.</p>',
        '<ul><li><strong>PS-CRYO-4K</strong> closed-cycle probe station, optional 2.5 T magnet</li><li><strong>SMU-1-210</strong> for four-probe resistance and gate sweeps</li><li><strong>SA-4200</strong> for low-current leakage and pulsed measurements that avoid self-heating</li></ul>',
        '<p><em>Tip:</em> allow the probe arms to thermalize for 20 minutes after landing to avoid drift in contact resistance.</p>',
      ),
      zh: html(
        '<p>将每颗芯片引线键合后装入低温恒温器，每次降温都要耗费数天时间。低温探针台在一次降温中即可测量多个器件，并可在基础温度下移动探针。</p>',
        '<ul><li><strong>PS-CRYO-4K</strong> 闭循环低温探针台，可选 2.5 T 磁体</li><li><strong>SMU-1-210</strong> 用于四探针电阻测量与栅压扫描</li><li><strong>SA-4200</strong> 用于低电流漏电测量及避免自热效应的脉冲测量</li></ul>',
        '<p><em>提示：</em>探针落针后请静置约 20 分钟使探针臂热平衡，以避免接触电阻漂移。</p>',
      ),
    },
    products: ['PS-CRYO-4K', 'SMU-1-210', 'SA-4200'],
  },
  {
    type: 2,
    title: { en: 'Thin-Film Process Control', zh: '薄膜工艺控制' },
    summary: {
      en: 'Measure thickness and optical constants from ALD monolayers to thick resists, in the lab and on the line.',
      zh: '从原子层沉积单层膜到厚光刻胶，在实验室与产线上测量膜厚及光学常数。',
    },
    body: {
      en: html(
        '<p>Each deposition step needs a fast check of thickness and uniformity. The right tool depends on film thickness, stack complexity and throughput.</p>',
        '<h3>Which instrument?</h3>',
        '<ul><li><strong>SE-2000</strong> ellipsometer for sub-nanometer films, multilayer stacks and optical constants</li><li><strong>TF-MAP-300</strong> for fast uniformity maps on 300 mm wafers</li><li><strong>TF-R-100</strong> for quick single-point checks at the deposition tool</li></ul>',
        '<p>All three share one material library, so a model developed on the ellipsometer can be used directly for routine reflectometry.</p>',
      ),
      zh: html(
        '<p>每一道沉积工序都需要快速检查膜厚与均匀性。选用何种设备取决于膜厚、膜系复杂程度及测量通量要求。</p>',
        '<h3>如何选型？</h3>',
        '<ul><li><strong>SE-2000</strong> 椭偏仪：适用于亚纳米薄膜、多层膜系及光学常数测量</li><li><strong>TF-MAP-300</strong>：适用于 300 mm 晶圆的快速均匀性面扫描</li><li><strong>TF-R-100</strong>：适用于沉积设备旁的快速单点检查</li></ul>',
        '<p>三款设备共用同一材料数据库，在椭偏仪上建立的模型可直接用于日常反射测量。</p>',
      ),
    },
    products: ['SE-2000', 'TF-MAP-300', 'TF-R-100'],
  },
  {
    type: 2,
    title: { en: 'Reliability Testing at Temperature', zh: '高低温可靠性测试' },
    summary: {
      en: 'Bias-temperature instability, time-dependent dielectric breakdown and HTRB stress from -60 °C to 300 °C.',
      zh: '在 -60 °C 至 300 °C 范围内开展偏压温度不稳定性、经时介质击穿及高温反偏应力测试。',
    },
    body: {
      en: html(
        '<p>Reliability qualification stresses devices at elevated temperature and voltage and measures how their parameters drift. Measurement delay after stress removal must be short, or recovery hides the degradation.</p>',
        '<ul><li><strong>PS-300-TH</strong> thermal probe station with frost-free operation down to -60 °C</li><li><strong>SA-4200</strong> with pulsed I-V for fast measure-stress-measure sequences</li><li><strong>SMU-4-40</strong> for parallel stress on multiple devices</li></ul>',
        '<p>Ready-made test libraries cover NBTI, PBTI, TDDB and HCI according to common JEDEC methods.</p>',
      ),
      zh: html(
        '<p>可靠性认证需在高温与高电压下对器件施加应力，并测量其参数漂移。撤除应力后的测量延迟必须足够短，否则器件恢复效应会掩盖真实的退化程度。</p>',
        '<ul><li><strong>PS-300-TH</strong> 高低温探针台，低至 -60 °C 无结霜</li><li><strong>SA-4200</strong> 配脉冲 I-V 模块，快速执行“测量-应力-测量”序列</li><li><strong>SMU-4-40</strong> 对多个器件并行施加应力</li></ul>',
        '<p>现成的测试库涵盖 NBTI、PBTI、TDDB 与 HCI，符合常用 JEDEC 测试方法。</p>',
      ),
    },
    products: ['PS-300-TH', 'SA-4200', 'SMU-4-40'],
  },
];
