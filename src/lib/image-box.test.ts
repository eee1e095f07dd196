import { expect, test } from 'vitest';
import { fitInBox } from './image-box.ts';

test('scales a picture of known size to fit the box, keeping its proportions', () => {
  expect(fitInBox({ width: 2000, height: 1500 }, 480, 360)).toEqual({ width: 480, height: 360 });
  expect(fitInBox({ width: 1000, height: 2000 }, 480, 360)).toEqual({ width: 180, height: 360 });
  expect(fitInBox({ width: 3000, height: 1000 }, 480, 360)).toEqual({ width: 480, height: 160 });
  expect(fitInBox({ width: 40, height: 30 }, 480, 360)).toEqual({ width: 480, height: 360 });
  expect(fitInBox({ width: 10_000, height: 1 }, 480, 360)).toEqual({ width: 480, height: 1 });
});

test('gives a picture of unknown size the box', () => {
  expect(fitInBox({}, 480, 360)).toEqual({ width: 480, height: 360 });
  expect(fitInBox({ width: 0, height: 10 }, 480, 360)).toEqual({ width: 480, height: 360 });
});
