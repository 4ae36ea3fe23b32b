/**
 * Spanish social security affiliation number (NAF, 12 digits): province (2) + number (8) + control (2), where
 * control = (province·10^8 + number) mod 97, or (province·10^8 + number) with the number read as-is when it is
 * below 10^7 (the TGSS rule).
 */
export function isValidNaf(raw: string): boolean {
  const value = raw.replace(/[\s/-]/g, '');
  if (!/^\d{12}$/.test(value)) return false;
  const province = value.slice(0, 2);
  const number = value.slice(2, 10);
  const control = Number(value.slice(10));
  const base = Number(number) < 10_000_000 ? `${province}${Number(number)}` : `${province}${number}`;
  return Number(BigInt(base) % 97n) === control;
}
