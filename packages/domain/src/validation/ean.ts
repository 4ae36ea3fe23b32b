/** GTIN/EAN barcodes (EAN-8, UPC-A, EAN-13, GTIN-14): the last digit is the mod-10 check of the others. */
export function isValidGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop() as number;
  let sum = 0;
  digits.reverse().forEach((d, i) => {
    sum += i % 2 === 0 ? d * 3 : d;
  });
  return (10 - (sum % 10)) % 10 === check;
}

/**
 * A product barcode: all-digit codes of a GTIN length must carry a right check digit; other codes (internal
 * codes, Code 128 texts) are accepted as they are.
 */
export function isAcceptableBarcode(code: string): boolean {
  return !/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(code) || isValidGtin(code);
}
