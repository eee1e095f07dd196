import type { FontFace, PdfFont } from './fonts.ts';

// A page's content stream, written through methods named for what they draw: paths (lines, rectangles,
// curves) stroked or filled, and text at a point. Coordinates are PDF points from the page's bottom left;
// colours are gray levels (0 black, 1 white) or RGB components from 0 to 1. The layout (layout.ts) draws
// the documents' text and tables with it, and a block of kind `drawing` hands it to its own code (a chart).

/**
 * A number as a content stream writes it: at most two decimals, no exponent. Written from whole hundredths:
 * about twice as fast as String() of the rounded number, and a chart's path is thousands of them.
 */
function num(value: number): string {
  const hundredths = Math.round(value * 100);
  const size = hundredths < 0 ? -hundredths : hundredths;
  const fraction = size % 100;
  const whole = `${hundredths < 0 ? '-' : ''}${(size - fraction) / 100}`;
  if (fraction === 0) return size === 0 ? '0' : whole;
  return `${whole}.${fraction % 10 === 0 ? fraction / 10 : fraction < 10 ? `0${fraction}` : fraction}`;
}

/** The stroke of text made bold from a regular font, in ems: about the difference of Noto Sans SC's Bold. */
const EMBOLDEN = 0.04;

const CAPS = ['butt', 'round', 'square'] as const;
const JOINS = ['miter', 'round', 'bevel'] as const;

export class Content {
  private readonly ops: string[] = [];
  /** The fonts the page's text uses: its resources. */
  readonly fonts = new Set<PdfFont>();

  /** Saves the graphics state (colours, line width, dash, clip) until `restore`. */
  save(): this {
    return this.op('q');
  }

  restore(): this {
    return this.op('Q');
  }

  fillGray(gray: number): this {
    return this.op(`${num(gray)} g`);
  }

  strokeGray(gray: number): this {
    return this.op(`${num(gray)} G`);
  }

  fillRgb(red: number, green: number, blue: number): this {
    return this.op(`${num(red)} ${num(green)} ${num(blue)} rg`);
  }

  strokeRgb(red: number, green: number, blue: number): this {
    return this.op(`${num(red)} ${num(green)} ${num(blue)} RG`);
  }

  lineWidth(width: number): this {
    return this.op(`${num(width)} w`);
  }

  /** How open ends of lines are drawn: cut square at the end, round, or square half the line's width beyond it. */
  lineCap(cap: (typeof CAPS)[number]): this {
    return this.op(`${CAPS.indexOf(cap)} J`);
  }

  /** How a path's lines meet at a corner. */
  lineJoin(join: (typeof JOINS)[number]): this {
    return this.op(`${JOINS.indexOf(join)} j`);
  }

  /**
   * Changes the coordinates of what follows (until `restore`): a point (x, y) is drawn at
   * (a·x + c·y + e, b·x + d·y + f). Line widths and dashes scale with them.
   */
  transform(a: number, b: number, c: number, d: number, e: number, f: number): this {
    return this.op(`${[a, b, c, d, e, f].map(num).join(' ')} cm`);
  }

  /** Dashed strokes: on and off lengths in points; `dash([])` draws solid again. */
  dash(pattern: readonly number[], phase = 0): this {
    return this.op(`[${pattern.map(num).join(' ')}] ${num(phase)} d`);
  }

  moveTo(x: number, y: number): this {
    return this.op(`${num(x)} ${num(y)} m`);
  }

  lineTo(x: number, y: number): this {
    return this.op(`${num(x)} ${num(y)} l`);
  }

  /** A cubic Bézier curve from the current point through two control points to (x, y). */
  curveTo(x1: number, y1: number, x2: number, y2: number, x: number, y: number): this {
    return this.op(`${num(x1)} ${num(y1)} ${num(x2)} ${num(y2)} ${num(x)} ${num(y)} c`);
  }

  /** A path through the points, one line after another (a series of a chart). */
  polyline(points: readonly (readonly [number, number])[]): this {
    points.forEach(([x, y], index) => {
      if (index === 0) this.moveTo(x, y);
      else this.lineTo(x, y);
    });
    return this;
  }

  closePath(): this {
    return this.op('h');
  }

  /** A rectangle added to the path, from its bottom left corner. */
  rect(x: number, y: number, width: number, height: number): this {
    return this.op(`${num(x)} ${num(y)} ${num(width)} ${num(height)} re`);
  }

  stroke(): this {
    return this.op('S');
  }

  fill(): this {
    return this.op('f');
  }

  fillAndStroke(): this {
    return this.op('B');
  }

  /** Clips what follows to the path (until `restore`), drawing nothing of it. */
  clip(): this {
    return this.op('W n');
  }

  /** A straight line in one call: its gray and width set first. */
  line(x1: number, y1: number, x2: number, y2: number, gray: number, width = 0.5): this {
    return this.op(`${num(gray)} G ${num(width)} w ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`);
  }

  /** A filled rectangle in one call. */
  fillRect(x: number, y: number, width: number, height: number, gray: number): this {
    return this.op(`${num(gray)} g ${num(x)} ${num(y)} ${num(width)} ${num(height)} re f`);
  }

  /**
   * Text prepared for the face's font (`face.font.prepare`), its baseline starting at (x, y), running to the
   * right or, `upward`, turned a quarter to the left (an axis's title). Text made bold by stroking keeps its
   * stroke inside a saved state, so nothing after it strokes differently.
   */
  text(text: string, x: number, y: number, face: FontFace, size: number, gray = 0, upward = false): this {
    const { font } = face;
    this.fonts.add(font);
    const at = upward ? `0 1 -1 0 ${num(x)} ${num(y)} Tm` : `${num(x)} ${num(y)} Td`;
    const show = `BT /${font.resource} ${num(size)} Tf ${at} ${font.operand(text)} Tj ET`;
    if (!face.embolden) return this.op(`${num(gray)} g ${show}`);
    return this.op(`q ${num(gray)} g ${num(gray)} G ${num(size * EMBOLDEN)} w 2 Tr ${show} Q`);
  }

  /** The stream's text: one operation a line. */
  toString(): string {
    return this.ops.join('\n');
  }

  private op(operation: string): this {
    this.ops.push(operation);
    return this;
  }
}
