/** Spanish tax identifiers: DNI, NIE, K/L/M NIF and CIF (compliance-es §6.1–6.2). */
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const CIF_LETTERS = 'JABCDEFGHI';

export type TaxIdKind = 'DNI' | 'NIE' | 'NIF' | 'CIF';
export type TaxIdCheck = { ok: true; kind: TaxIdKind; value: string } | { ok: false; reason: 'formato' | 'letra' };

export function normalizeTaxId(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

export function checkTaxId(raw: string): TaxIdCheck {
  const value = normalizeTaxId(raw);
  let m = /^(\d{8})([A-Z])$/.exec(value);
  if (m) return letterCheck(value, 'DNI', Number(m[1]), m[2] as string);
  m = /^([XYZ])(\d{7})([A-Z])$/.exec(value);
  if (m) {
    const n = Number(`${'XYZ'.indexOf(m[1] as string)}${m[2]}`);
    return letterCheck(value, 'NIE', n, m[3] as string);
  }
  m = /^([KLM])(\d{7})([A-Z])$/.exec(value);
  if (m) return letterCheck(value, 'NIF', Number(m[2]), m[3] as string);
  m = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(value);
  if (m) {
    const [, type, digits, control] = m as unknown as [string, string, string, string];
    const c = cifControlDigit(digits);
    const letterForm = CIF_LETTERS[c] as string;
    const digitForm = String(c);
    const letterOnly = 'PQRSWN'.includes(type) || digits.startsWith('00');
    const digitOnly = 'ABEH'.includes(type) && !digits.startsWith('00');
    const ok = letterOnly
      ? control === letterForm
      : digitOnly
        ? control === digitForm
        : control === letterForm || control === digitForm;
    return ok ? { ok: true, kind: 'CIF', value } : { ok: false, reason: 'letra' };
  }
  return { ok: false, reason: 'formato' };
}

function letterCheck(value: string, kind: TaxIdKind, n: number, letter: string): TaxIdCheck {
  return DNI_LETTERS[n % 23] === letter ? { ok: true, kind, value } : { ok: false, reason: 'letra' };
}

function cifControlDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(digits[i]);
    if (i % 2 === 1) sum += d;
    else {
      const doubled = d * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    }
  }
  return (10 - (sum % 10)) % 10;
}

/** The control letter for a DNI number (used by the demo data and tests to build valid ids). */
export function dniLetter(n: number): string {
  return DNI_LETTERS[n % 23] as string;
}
