import { describe, expect, test } from 'vitest';
import { breakLines } from './line-break.ts';

/** Every character one unit wide (a Chinese character as wide as a letter: the rules, not the widths, are tested). */
const count = (text: string) => [...text].length;
const CLOSING = '，。、；：！？）》」』】%';

describe('breakLines', () => {
  test('breaks Chinese text between any two characters', () => {
    expect(breakLines('单横模半导体激光器圆形光斑', 5, count)).toEqual(['单横模半导', '体激光器圆', '形光斑']);
  });

  test('never starts a line with closing punctuation: the character before it goes along', () => {
    // Five a line would end the first at 激 and begin the second with ，.
    expect(breakLines('用于荧光激，光刻', 5, count)).toEqual(['用于荧光', '激，光刻']);
    const lines = breakLines('用于荧光激发射，光刻曝光。共聚焦扫描系统）、流式细胞仪', 6, count);
    expect(lines).toEqual(['用于荧光激发', '射，光刻曝', '光。共聚焦扫', '描系统）、流', '式细胞仪']);
    for (const line of lines) expect(CLOSING).not.toContain(line[0]);
  });

  test('never ends a line with opening punctuation', () => {
    const lines = breakLines('功率稳定性（RMS，8 h）', 6, count);
    expect(lines).toEqual(['功率稳定性', '（RMS，8', 'h）']);
    for (const line of lines) expect('（“《「').not.toContain(line.at(-1));
  });

  test('keeps a Latin word or a part number whole, breaking before or after it', () => {
    expect(breakLines('型号LS-405-50采用单横模', 10, count)).toEqual(['型号', 'LS-405-50采', '用单横模']);
    expect(breakLines('支持 TTL/模拟调制', 4, count)).toEqual(['支持', 'TTL/', '模拟调制']);
  });

  test('breaks mixed text at spaces and between Chinese and Latin, dropping the space at a break', () => {
    const lines = breakLines('输出近高斯圆形光斑，M² 小于 1.5。内置光电二极管闭环反馈', 12, count);
    expect(lines).toEqual(['输出近高斯圆形光斑，M²', '小于 1.5。内置光电二', '极管闭环反馈']);
    expect(lines.join('')).toBe('输出近高斯圆形光斑，M²小于 1.5。内置光电二极管闭环反馈');
  });

  test('breaks English only at spaces, and splits a word longer than a line', () => {
    expect(breakLines('Power stability (RMS, 8 h) over eight hours', 16, count)).toEqual([
      'Power stability',
      '(RMS, 8 h) over',
      'eight hours',
    ]);
    expect(breakLines('a supercalifragilistic b', 8, count)).toEqual(['a', 'supercal', 'ifragili', 'stic b']);
  });

  test('keeps the text’s own line breaks and collapses runs of spaces', () => {
    expect(breakLines('第一行\n\nsecond  line', 20, count)).toEqual(['第一行', '', 'second line']);
  });
});
