import type { SeedCurve, Text } from '../types.ts';

// The demo catalogue's performance curves (issue 40): what a maker of each product would show, from simple
// models of the physics (a diode's threshold and slope, Planck's law, a silicon photodiode's quantum
// efficiency, a coating's edge and ripple) with a little measurement noise, seeded by the part number so
// every seed writes the same numbers. About 100 to 400 points a series.

const t = (en: string, zh: string): Text => ({ en, zh });

/** A small deterministic random source (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let next = state;
    next = Math.imul(next ^ (next >>> 15), next | 1);
    next ^= next + Math.imul(next ^ (next >>> 7), next | 61);
    return ((next ^ (next >>> 14)) >>> 0) / 4294967296;
  };
}

/** Measurement noise for a part number: about ±`size`, the same every run. */
function noiseFor(partNumber: string): (size: number) => number {
  let seed = 0;
  for (const char of partNumber) seed = Math.imul(seed ^ char.charCodeAt(0), 0x9e3779b1);
  const next = random(seed);
  return (size) => (next() + next() - 1) * size;
}

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

/** x values from `from` to `to` (inclusive) in steps of `step`. */
function grid(from: number, to: number, step: number, decimals = 2): number[] {
  const values: number[] = [];
  for (let index = 0; from + index * step <= to + step / 1000; index++)
    values.push(round(from + index * step, decimals));
  return values;
}

/** Grids joined end to end, each point once. */
const grids = (...parts: number[][]) => [...new Set(parts.flat())].sort((a, b) => a - b);

const rising = (x: number, at: number, width: number) => 1 / (1 + Math.exp(-(x - at) / width));
const falling = (x: number, at: number, width: number) => 1 - rising(x, at, width);
const gauss = (x: number, at: number, fwhm: number) => Math.exp((-4 * Math.LN2 * (x - at) ** 2) / fwhm ** 2);
/** Planck's law at wavelength `nm` and temperature `kelvin`, in arbitrary units. */
const planck = (nm: number, kelvin: number) => 1 / (nm ** 5 * (Math.exp(1.4388e7 / (nm * kelvin)) - 1));

const WAVELENGTH = { name: t('Wavelength', '波长'), unit: 'nm' };
const AXES = {
  transmission: { name: t('Transmission', '透射率'), unit: '%' },
  reflectance: { name: t('Reflectance', '反射率'), unit: '%' },
  intensity: { name: t('Relative intensity', '相对强度'), unit: t('a.u.', '任意单位') },
  responsivity: { name: t('Responsivity', '响应度'), unit: 'A/W' },
  efficiency: { name: t('Quantum efficiency', '量子效率'), unit: '%' },
  power: { name: t('Output power', '输出功率'), unit: 'mW' },
};

type Series = SeedCurve['series'][number];

/** One series: y from `model` at each x, plus noise of `noise` (never below zero), to `decimals` places. */
function series(name: Text, x: number[], model: (x: number) => number, noise: () => number, decimals: number): Series {
  return { name, x, y: x.map((value) => round(Math.max(0, model(value) + noise()), decimals)) };
}

/** A curve's only series: named, as every text of the demo is, though no legend shows a single series. */
const unnamed = t('Typical', '典型值');

/** A laser diode's output power against its drive current: threshold, slope and thermal roll-off. */
function powerCurrent(
  partNumber: string,
  current: { to: number; step: number; unit: 'mA' | 'A' },
  threshold: number,
  power: (aboveThreshold: number) => number,
): SeedCurve {
  const noise = noiseFor(`${partNumber}/pi`);
  const x = grid(0, current.to, current.step, current.unit === 'A' ? 4 : 2);
  return {
    kind: 'power-current',
    title: t('Output power against drive current (25 °C)', '输出功率与驱动电流关系（25 °C）'),
    xAxis: { name: t('Drive current', '驱动电流'), unit: current.unit },
    yAxis: AXES.power,
    series: [
      series(
        unnamed,
        x,
        (i) => (i < threshold ? (0.4 * i) / threshold : power(i - threshold) + 0.4),
        () => noise(0.15),
        2,
      ),
    ],
  };
}

/** A laser's emission line, normalised to 100 at its peak. */
function laserSpectrum(partNumber: string, x: number[], center: number, fwhm: number, lorentzian = false): SeedCurve {
  const noise = noiseFor(`${partNumber}/spectrum`);
  const line = (value: number) =>
    lorentzian ? 100 / (1 + ((2 * (value - center)) / fwhm) ** 2) : 100 * gauss(value, center, fwhm);
  return {
    kind: 'spectrum',
    title: t('Emission spectrum', '发射光谱'),
    xAxis: WAVELENGTH,
    yAxis: AXES.intensity,
    series: [series(unnamed, x, line, () => Math.abs(noise(0.4)), 2)],
  };
}

/** A detector's responsivity (A/W) from its quantum efficiency: R = η·λ / 1239.84 nm·A/W, times its gain. */
function responsivity(
  partNumber: string,
  x: number[],
  efficiency: (nm: number) => number,
  gains: { name: Text; gain: number }[] = [{ name: unnamed, gain: 1 }],
): SeedCurve {
  const noise = noiseFor(`${partNumber}/responsivity`);
  return {
    kind: 'responsivity',
    title: t('Spectral responsivity', '光谱响应度'),
    xAxis: WAVELENGTH,
    yAxis: AXES.responsivity,
    series: gains.map(({ name, gain }) =>
      series(
        name,
        x,
        (nm) => (gain * efficiency(nm) * nm) / 1239.84,
        () => noise(0.002 * gain),
        gain > 1 ? 2 : 4,
      ),
    ),
  };
}

/** A sensor's quantum efficiency in %. */
function quantumEfficiency(
  partNumber: string,
  x: number[],
  efficiency: (nm: number) => number,
  sensor: Text,
): SeedCurve {
  const noise = noiseFor(`${partNumber}/qe`);
  return {
    kind: 'quantum-efficiency',
    title: t(
      `Quantum efficiency of the ${sensor.en}`,
      `${sensor.zh}${/[A-Za-z]$/.test(sensor.zh) ? ' ' : ''}的量子效率`,
    ),
    xAxis: WAVELENGTH,
    yAxis: AXES.efficiency,
    series: [series(unnamed, x, efficiency, () => noise(0.3), 2)],
  };
}

/** An objective's transmission in %. */
function objective(partNumber: string, x: number[], model: (nm: number) => number): SeedCurve {
  const noise = noiseFor(`${partNumber}/transmission`);
  return {
    kind: 'transmission',
    title: t('Transmission of the objective', '物镜透射率'),
    xAxis: WAVELENGTH,
    yAxis: AXES.transmission,
    series: [series(unnamed, x, model, () => noise(0.25), 2)],
  };
}

/** A silicon photodiode's quantum efficiency: thin at the blue end, falling towards the band gap (1100 nm). */
const silicon = (peak: number, edge: number) => (nm: number) =>
  peak * (1 - Math.exp(-(nm - 300) / 110)) * falling(nm, edge, 24);
/** An InGaAs photodiode's: from the InP window's cut-on (about 900 nm) to the band gap (about 1700 nm). */
const ingaas = (peak: number) => (nm: number) => peak * rising(nm, 905, 25) * falling(nm, 1680, 16);

/** The curves of the demo products that have some, by part number. */
export function demoCurves(): Record<string, SeedCurve[]> {
  const lp = noiseFor('LP-532-25');
  const bs = noiseFor('BS-NP-25');
  const ac = noiseFor('AC-254-100-A');
  const led = noiseFor('LED-MC-6');
  const lamp = noiseFor('LH-DH-2000');
  const halogen = noiseFor('LH-HAL-20');
  const fiber = noiseFor('FP-400-UV-2');
  const beamsplitter = grid(400, 700, 1.5);
  return {
    'LS-405-50': [
      laserSpectrum('LS-405-50', grid(401.5, 408.5, 0.035, 3), 405.2, 0.7),
      powerCurrent('LS-405-50', { to: 100, step: 0.5, unit: 'mA' }, 30, (above) => 0.78 * above * (1 - 0.0012 * above)),
    ],
    'LS-532-100': [
      powerCurrent('LS-532-100', { to: 1.5, step: 0.0075, unit: 'A' }, 0.5, (above) => 100 * above ** 1.6),
    ],
    'LS-785-100': [
      laserSpectrum('LS-785-100', grid(784, 786, 0.01), 785.02, 0.07, true),
      powerCurrent('LS-785-100', { to: 180, step: 1, unit: 'mA' }, 40, (above) => 0.86 * above * (1 - 0.001 * above)),
    ],
    'LS-1064-500': [
      powerCurrent('LS-1064-500', { to: 2.5, step: 0.0125, unit: 'A' }, 0.6, (above) => 500 * (above / 1.7) ** 1.15),
    ],
    'LH-DH-2000': [
      {
        kind: 'spectrum',
        title: t('Emission spectrum, deuterium and halogen lamps on', '发射光谱（氘灯与卤钨灯同时点亮）'),
        xAxis: WAVELENGTH,
        yAxis: AXES.intensity,
        series: [
          series(
            unnamed,
            grids(grid(190, 640, 10), grid(640, 672, 2), grid(680, 2500, 10)),
            (nm) =>
              // The deuterium continuum, its Balmer-alpha line at 656.1 nm, and the halogen lamp at 2900 K.
              100 * Math.exp(-(((nm - 235) / 120) ** 2)) * falling(nm, 420, 30) +
              55 * gauss(nm, 656.1, 3) +
              62 * (planck(nm, 2900) / planck(999, 2900)) * rising(nm, 330, 25),
            () => Math.abs(lamp(0.3)),
            2,
          ),
        ],
      },
    ],
    'LH-HAL-20': [
      {
        kind: 'spectrum',
        title: t('Emission spectrum (3000 K)', '发射光谱（3000 K）'),
        xAxis: WAVELENGTH,
        yAxis: AXES.intensity,
        series: [
          series(
            unnamed,
            grid(350, 2400, 10),
            (nm) => 100 * (planck(nm, 3000) / planck(966, 3000)) * rising(nm, 370, 12) * falling(nm, 2350, 40),
            () => Math.abs(halogen(0.3)),
            2,
          ),
        ],
      },
    ],
    'LED-MC-6': [
      {
        kind: 'spectrum',
        title: t('Emission spectra of the six LED channels', '六路 LED 通道的发射光谱'),
        xAxis: WAVELENGTH,
        yAxis: AXES.intensity,
        series: (
          [
            [365, 12],
            [405, 15],
            [470, 24],
            [550, 85],
            [635, 18],
            [770, 30],
          ] as const
        ).map(([peak, fwhm]) =>
          series(
            t(`${peak} nm`, `${peak} nm`),
            grid(330, 830, 2),
            // A LED's line is steeper on its short side.
            (nm) => 100 * gauss(nm, peak, nm < peak ? fwhm * 0.85 : fwhm * 1.15),
            () => Math.abs(led(0.25)),
            2,
          ),
        ),
      },
    ],
    'PD-SI-150': [responsivity('PD-SI-150', grid(320, 1100, 4), silicon(0.93, 1030))],
    'PD-IGA-1G': [responsivity('PD-IGA-1G', grid(800, 1750, 5), ingaas(0.82))],
    'APD-SI-100': [
      responsivity('APD-SI-100', grid(400, 1050, 5), (nm) => 0.8 * silicon(1, 960)(nm) * rising(nm, 430, 30), [
        { name: t('Gain M = 50', '增益 M = 50'), gain: 50 },
        { name: t('Gain M = 30', '增益 M = 30'), gain: 30 },
      ]),
    ],
    'LP-532-25': [
      {
        kind: 'transmission',
        title: t('Transmission at 0° angle of incidence', '透射率（0° 入射角）'),
        xAxis: WAVELENGTH,
        yAxis: AXES.transmission,
        series: [
          series(
            unnamed,
            grids(grid(450, 528, 1.5), grid(528, 542, 0.1), grid(542, 1200, 4)),
            // OD 6 below the edge at 534.5 nm; a passband of about 95 % with the coating's ripple above it.
            (nm) => (95 + 1.6 * Math.sin(nm / 9 + 0.001 * nm ** 1.5)) * rising(nm, 534.5, 0.45),
            () => Math.abs(lp(0.12)),
            2,
          ),
        ],
      },
    ],
    'BS-NP-25': [
      {
        kind: 'transmission',
        title: t('Transmission at 45° angle of incidence', '透射率（45° 入射角）'),
        xAxis: WAVELENGTH,
        yAxis: AXES.transmission,
        series: [
          series(
            t('s-polarized', 's 偏振'),
            beamsplitter,
            (nm) => 44 + 3 * Math.sin(nm / 21),
            () => bs(0.2),
            2,
          ),
          series(
            t('p-polarized', 'p 偏振'),
            beamsplitter,
            (nm) => 49 + 2.5 * Math.sin(nm / 23 + 1),
            () => bs(0.2),
            2,
          ),
        ],
      },
      {
        kind: 'reflectance',
        title: t('Reflectance at 45° angle of incidence', '反射率（45° 入射角）'),
        xAxis: WAVELENGTH,
        yAxis: AXES.reflectance,
        series: [
          series(
            t('s-polarized', 's 偏振'),
            beamsplitter,
            (nm) => 53 - 3 * Math.sin(nm / 21),
            () => bs(0.2),
            2,
          ),
          series(
            t('p-polarized', 'p 偏振'),
            beamsplitter,
            (nm) => 48 - 2.5 * Math.sin(nm / 23 + 1),
            () => bs(0.2),
            2,
          ),
        ],
      },
    ],
    'AC-254-100-A': [
      {
        kind: 'reflectance',
        title: t('Reflectance of the A coating, per surface', 'A 膜层反射率（单面）'),
        xAxis: WAVELENGTH,
        yAxis: AXES.reflectance,
        series: [
          series(
            unnamed,
            grid(350, 750, 2),
            (nm) =>
              0.32 +
              0.14 * Math.sin(nm / 16) +
              3.2 * (Math.max(0, 400 - nm) / 50) ** 2 +
              3 * (Math.max(0, nm - 700) / 50) ** 2,
            () => ac(0.02),
            3,
          ),
        ],
      },
    ],
    'FP-400-UV-2': [
      {
        kind: 'transmission',
        title: t('Transmission of the 2 m cable, connector losses included', '2 m 跳线透射率（含接头损耗）'),
        xAxis: WAVELENGTH,
        yAxis: AXES.transmission,
        series: [
          series(
            unnamed,
            grid(190, 1100, 5),
            // Fresnel losses at both ends; high-OH silica's attenuation (dB/km) over 2 m, steep in the deep UV.
            (nm) => 92.5 * 10 ** ((-(3000 * Math.exp(-(nm - 190) / 22) + 12 * (500 / nm) ** 4) * 0.002) / 10),
            () => fiber(0.1),
            2,
          ),
        ],
      },
    ],
    'SP-UV-VIS-25': [
      quantumEfficiency(
        'SP-UV-VIS-25',
        grid(200, 1000, 4),
        // A front-illuminated CCD with a UV phosphor coating: flat in the UV, the silicon's own curve above.
        (nm) => 58 * Math.exp(-(((nm - 610) / 270) ** 2)) * rising(nm, 380, 18) + 30 * falling(nm, 430, 14),
        t('UV-enhanced linear CCD', '紫外增强型线阵 CCD'),
      ),
    ],
    'SP-VN-1100': [
      quantumEfficiency(
        'SP-VN-1100',
        grid(350, 1100, 4),
        (nm) => 66 * Math.exp(-(((nm - 560) / 240) ** 2)),
        t('linear CMOS sensor', '线阵 CMOS 传感器'),
      ),
    ],
    'SP-NIR-1700': [
      quantumEfficiency(
        'SP-NIR-1700',
        grid(880, 1720, 4),
        (nm) => 100 * ingaas(0.8)(nm),
        t('TE-cooled InGaAs array', '半导体制冷铟镓砷阵列'),
      ),
    ],
    'SP-HR-650': [
      quantumEfficiency(
        'SP-HR-650',
        grid(350, 1100, 4),
        (nm) => 66 * Math.exp(-(((nm - 560) / 240) ** 2)),
        t('linear CMOS sensor', '线阵 CMOS 传感器'),
      ),
    ],
    'CM-SD-2': [
      quantumEfficiency(
        'CM-SD-2',
        grid(350, 1000, 3),
        (nm) => 95 * Math.exp(-(((nm - 585) / 310) ** 2)),
        t('back-illuminated sCMOS camera', '背照式 sCMOS 相机'),
      ),
    ],
    'FM-INV-500': [
      quantumEfficiency(
        'FM-INV-500',
        grid(350, 1000, 3),
        (nm) => 82 * Math.exp(-(((nm - 560) / 220) ** 2)),
        t('sCMOS camera', 'sCMOS 相机'),
      ),
    ],
    'OBJ-PA-10X': [
      objective(
        'OBJ-PA-10X',
        grid(400, 1000, 3),
        (nm) => 89 - 32 * ((nm - 610) / 420) ** 2 - 22 * falling(nm, 425, 14),
      ),
    ],
    'OBJ-PA-60XO': [
      objective(
        'OBJ-PA-60XO',
        grid(400, 1000, 3),
        (nm) => 80 - 38 * ((nm - 600) / 420) ** 2 - 30 * falling(nm, 430, 15),
      ),
    ],
    'OBJ-LWD-50X': [
      objective(
        'OBJ-LWD-50X',
        grid(400, 1000, 3),
        (nm) => 84 - 25 * ((nm - 620) / 420) ** 2 - 18 * falling(nm, 420, 12),
      ),
    ],
    'OBJ-W-25X': [
      objective(
        'OBJ-W-25X',
        grid(400, 1300, 4.5),
        (nm) => 86 - 16 * ((nm - 850) / 450) ** 2 - 14 * falling(nm, 440, 20),
      ),
    ],
  };
}
