import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { casos } from '../testkit/casos.testkit.ts';
import { sha256HexUpper } from './sha256.ts';

const node = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex').toUpperCase();

describe('portable SHA-256', () => {
  casos('matches the FIPS 180-4 example %j', sha256HexUpper, [
    ['', 'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855'],
    ['abc', 'BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248D6A61D20638B8E5C026930C3E6039A33CE45964FF2167F6ECEDD419DB06C1',
    ],
  ]);

  it('matches node:crypto around every padding boundary', () => {
    for (let n = 0; n <= 200; n++) expect(sha256HexUpper('x'.repeat(n))).toBe(node('x'.repeat(n)));
    expect(sha256HexUpper('ñ'.repeat(1000))).toBe(node('ñ'.repeat(1000)));
  });

  it('matches node:crypto on random Unicode text (UTF-8 bytes)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(sha256HexUpper(text)).toBe(node(text));
      }),
      { numRuns: 300 },
    );
  });
});
