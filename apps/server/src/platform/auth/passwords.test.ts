import { describe, expect, it } from 'vitest';
import { dummyVerify, hashPassword, verifyPassword } from './passwords.ts';

/** passwords are stored with argon2id (OWASP parameters: m=19456 KiB, t=2, p=1). */
describe('password hashing', () => {
  it('stores argon2id with the OWASP parameters and a random salt', async () => {
    const a = await hashPassword('Demo1234');
    const b = await hashPassword('Demo1234');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('Demo1234');
  });

  it('verifies the right password only, and never throws on a malformed hash', async () => {
    const h = await hashPassword('Demo1234');
    expect(await verifyPassword(h, 'Demo1234')).toBe(true);
    expect(await verifyPassword(h, 'demo1234')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'Demo1234')).toBe(false);
    expect(await dummyVerify('Demo1234')).toBe(false);
  });
});
