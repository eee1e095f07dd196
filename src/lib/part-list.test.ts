import { expect, test } from 'vitest';
import { parsePartList } from './part-list.ts';

test('reads a part number and a quantity between tabs, commas, semicolons or spaces', () => {
  expect(parsePartList('LS-405-50\t2\nRS-785-H,3\nPD-SI-150; 4\nFT-200 5\n')).toEqual([
    { partNumber: 'LS-405-50', quantity: 2 },
    { partNumber: 'RS-785-H', quantity: 3 },
    { partNumber: 'PD-SI-150', quantity: 4 },
    { partNumber: 'FT-200', quantity: 5 },
  ]);
});

test('reads Chinese punctuation and full-width digits and spaces between them', () => {
  expect(parsePartList('LS-405-50，2\r\nRS-785-H、3\nPD-SI-150；４\nFT-200：5\nFL-1000\u30006')).toEqual([
    { partNumber: 'LS-405-50', quantity: 2 },
    { partNumber: 'RS-785-H', quantity: 3 },
    { partNumber: 'PD-SI-150', quantity: 4 },
    { partNumber: 'FT-200', quantity: 5 },
    { partNumber: 'FL-1000', quantity: 6 },
  ]);
});

test('takes a quantity of 1 when none is given, and keeps spaces inside a part number', () => {
  expect(parsePartList('LS-405-50\nCCS 200 M 3\n  \n\nOBJ PA')).toEqual([
    { partNumber: 'LS-405-50', quantity: 1 },
    { partNumber: 'CCS 200 M', quantity: 3 },
    { partNumber: 'OBJ PA', quantity: 1 },
  ]);
});

test('marks a quantity that is not a whole number, and reads 10 pcs, x10 and 10件', () => {
  expect(parsePartList('A-1,ten\nA-2,1.5\nA-3,-2\nA-4,10pcs\nA-5,x10\nA-6，10件')).toEqual([
    { partNumber: 'A-1', quantity: null },
    { partNumber: 'A-2', quantity: null },
    { partNumber: 'A-3', quantity: null },
    { partNumber: 'A-4', quantity: 10 },
    { partNumber: 'A-5', quantity: 10 },
    { partNumber: 'A-6', quantity: 10 },
  ]);
});

test('reads a CSV file: byte order mark, header row, quoted fields and more columns', () => {
  const csv = '\uFEFFPart number,Quantity,Note\r\n"LS-405-50",2,"for the ""blue"" bench"\r\n"RS,785",1\r\n';
  expect(parsePartList(csv)).toEqual([
    { partNumber: 'LS-405-50', quantity: 2 },
    { partNumber: 'RS,785', quantity: 1 },
  ]);
  expect(parsePartList('型号,数量\nLS-405-50,2')).toEqual([{ partNumber: 'LS-405-50', quantity: 2 }]);
});
