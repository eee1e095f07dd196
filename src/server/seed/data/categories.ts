import type { SeedCategory } from '../types.ts';

export const categories: SeedCategory[] = [
  {
    key: 'photonics',
    name: { en: 'Photonics', zh: '光电子与光学' },
    description: {
      en: 'Lasers, light sources, detectors, precision optics and fiber components for optical benches and OEM instruments.',
      zh: '面向光学平台搭建与 OEM 仪器集成的激光器、光源、探测器、精密光学元件及光纤器件。',
    },
    children: [
      {
        key: 'lasers',
        name: { en: 'Lasers & Laser Modules', zh: '激光器与激光模块' },
        description: {
          en: 'Diode, DPSS and wavelength-stabilized lasers from 405 nm to 1064 nm for Raman, fluorescence and alignment work. Every module ships with a measured test report.',
          zh: '覆盖 405 nm 至 1064 nm 的半导体激光器、DPSS 激光器及波长稳定激光器，适用于拉曼、荧光激发与光路准直。每台模块均随附实测检验报告。',
        },
      },
      {
        key: 'light-sources',
        name: { en: 'Broadband & LED Light Sources', zh: '宽带光源与 LED 光源' },
        description: {
          en: 'Deuterium-halogen, tungsten-halogen and multi-channel LED sources for absorbance, reflectance and fluorescence excitation.',
          zh: '氘卤灯、卤钨灯及多通道 LED 光源，用于吸光度、反射率测量及荧光激发。',
        },
      },
      {
        key: 'photodetectors',
        name: { en: 'Photodetectors', zh: '光电探测器' },
        description: {
          en: 'Si, InGaAs, avalanche and photomultiplier detector modules with integrated low-noise amplifiers, from DC to GHz bandwidths.',
          zh: '集成低噪声放大电路的硅、铟镓砷、雪崩光电二极管及光电倍增管探测模块，带宽覆盖直流至 GHz 级。',
        },
      },
      {
        key: 'optical-components',
        name: { en: 'Precision Optics', zh: '精密光学元件' },
        description: {
          en: 'Edge filters, beamsplitters and achromatic lenses with interferometrically verified surfaces and durable hard coatings.',
          zh: '边缘滤光片、分束器与消色差透镜，面形经干涉仪检测，采用耐久硬质镀膜。',
        },
      },
      {
        key: 'fiber-optics',
        name: { en: 'Fiber Optics & Probes', zh: '光纤与光纤探头' },
        description: {
          en: 'Patch cables, reflection probes and Raman probes that connect sources, samples and spectrometers. Standard SMA905 and FC/PC terminations.',
          zh: '用于连接光源、样品与光谱仪的光纤跳线、反射探头及拉曼探头，标配 SMA905 与 FC/PC 接头。',
        },
      },
    ],
  },
  {
    key: 'spectroscopy',
    name: { en: 'Spectroscopy', zh: '光谱分析' },
    description: {
      en: 'Raman, fiber-optic, fluorescence and FTIR spectrometers for research laboratories, QC and process analysis.',
      zh: '拉曼、光纤光谱、荧光及傅里叶变换红外光谱仪，服务于科研实验室、质量控制与过程分析。',
    },
    children: [
      {
        key: 'raman-spectrometers',
        name: { en: 'Raman Spectrometers', zh: '拉曼光谱仪' },
        description: {
          en: 'Handheld, benchtop and microscope-based Raman systems with 532, 785 and 1064 nm excitation. Built for material identification and chemical imaging.',
          zh: '手持式、台式及显微拉曼系统，提供 532 nm、785 nm 与 1064 nm 激发波长，适用于物质鉴别与化学成像。',
        },
      },
      {
        key: 'fiber-spectrometers',
        name: { en: 'Compact Fiber Spectrometers', zh: '微型光纤光谱仪' },
        description: {
          en: 'Compact UV, VIS and NIR spectrometers with USB and Ethernet interfaces for absorbance, reflectance and emission measurements.',
          zh: '配备 USB 与以太网接口的紫外、可见及近红外微型光谱仪，可用于吸光度、反射率与发射光谱测量。',
        },
      },
      {
        key: 'fluorescence-spectrometers',
        name: { en: 'Fluorescence Spectrometers', zh: '荧光光谱仪' },
        description: {
          en: 'Steady-state and time-resolved spectrofluorometers, from UV excitation to NIR photoluminescence. Modular accessories cover solids, films and cryogenic samples.',
          zh: '稳态与时间分辨荧光光谱仪，覆盖紫外激发至近红外光致发光；模块化附件适配固体、薄膜及低温样品。',
        },
      },
      {
        key: 'ftir-spectrometers',
        name: { en: 'FTIR Spectrometers', zh: '傅里叶变换红外光谱仪' },
        description: {
          en: 'Benchtop and portable FTIR spectrometers with ATR, transmission and diffuse reflectance sampling for polymer, pharmaceutical and forensic analysis.',
          zh: '台式与便携式傅里叶变换红外光谱仪，支持 ATR、透射及漫反射采样，适用于高分子、制药与司法鉴定分析。',
        },
      },
    ],
  },
  {
    key: 'microscopy',
    name: { en: 'Microscopy', zh: '显微成像' },
    description: {
      en: 'Confocal and widefield fluorescence microscopes, high-NA objectives and motorized stages for life science and materials research.',
      zh: '共聚焦与宽场荧光显微镜、高数值孔径物镜及电动载物台，服务于生命科学与材料研究。',
    },
    children: [
      {
        key: 'confocal-microscopes',
        name: { en: 'Confocal Microscopes', zh: '共聚焦显微镜' },
        description: {
          en: 'Point-scanning and spinning-disk confocal systems for optical sectioning of live cells, tissue and engineered surfaces.',
          zh: '点扫描与转盘共聚焦系统，可对活细胞、组织切片及工程表面进行光学切片成像。',
        },
      },
      {
        key: 'fluorescence-microscopes',
        name: { en: 'Fluorescence Microscopes', zh: '荧光显微镜' },
        description: {
          en: 'Inverted and upright widefield fluorescence microscopes with LED illumination and scientific CMOS cameras.',
          zh: '采用 LED 照明与科学级 CMOS 相机的倒置及正置宽场荧光显微镜。',
        },
      },
      {
        key: 'objectives',
        name: { en: 'Microscope Objectives', zh: '显微物镜' },
        description: {
          en: 'Infinity-corrected plan apochromat, long working distance and immersion objectives. Most models are parfocal at 45 mm with M25 threads.',
          zh: '无限远校正平场复消色差物镜、长工作距离物镜与浸液物镜，多数型号齐焦距离 45 mm，采用 M25 螺纹接口。',
        },
      },
      {
        key: 'motorized-stages',
        name: { en: 'Motorized Stages', zh: '电动位移台' },
        description: {
          en: 'Motorized XY stages, focus drives and linear stages with closed-loop encoders for automated imaging and alignment.',
          zh: '带闭环编码器的电动 XY 载物台、调焦驱动与直线位移台，适用于自动化成像与光路调整。',
        },
      },
    ],
  },
  {
    key: 'semiconductor',
    name: { en: 'Semiconductor & Microelectronics', zh: '半导体与微电子' },
    description: {
      en: 'Probe stations, thin-film metrology and electrical characterization systems for device research, failure analysis and process control.',
      zh: '探针台、薄膜量测及电学表征系统，用于器件研发、失效分析与工艺控制。',
    },
    children: [
      {
        key: 'probe-stations',
        name: { en: 'Probe Stations', zh: '探针台' },
        description: {
          en: 'Manual, semi-automatic, thermal and cryogenic probe stations for wafers up to 300 mm. Shielded configurations reach femtoampere noise floors.',
          zh: '手动、半自动、高低温及低温探针台，支持最大 300 mm 晶圆；屏蔽配置的漏电噪声可低至飞安级。',
        },
      },
      {
        key: 'thin-film-metrology',
        name: { en: 'Thin-Film Metrology', zh: '薄膜量测' },
        description: {
          en: 'Spectroscopic reflectometers and ellipsometers that measure film thickness and optical constants from sub-nanometer layers to thick resists.',
          zh: '光谱反射仪与椭偏仪，可测量从亚纳米薄层到厚光刻胶的膜厚及光学常数。',
        },
      },
      {
        key: 'device-characterization',
        name: { en: 'Electrical Characterization', zh: '电学特性分析' },
        description: {
          en: 'Source measure units and parameter analyzers for I-V and pulsed characterization of transistors, diodes, sensors and emerging devices.',
          zh: '源测量单元与半导体参数分析仪，用于晶体管、二极管、传感器及新型器件的 I-V 与脉冲特性测试。',
        },
      },
    ],
  },
];
