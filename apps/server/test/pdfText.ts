import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF written with the standard fonts (what pdfkit produces): every FlateDecode stream is inflated and
 * the hex strings of its TJ/Tj operators are decoded as WinAnsi. One line per text operator. Enough for tests.
 */
/**
 * WinAnsi's 0x80–0x9F (€, …, quotes, dashes): Node's TextDecoder('windows-1252') decodes them as Latin-1 control
 * characters, so a test asking for '€' or '…' would read nothing there.
 */
const WIN_ANSI_80_9F = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = (bytes: Buffer) =>
  Array.from(bytes, (b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_80_9F[b - 0x80] : String.fromCharCode(b))).join('');

export function pdfText(pdf: Buffer): { text: string; pages: number } {
  const source = pdf.toString('latin1');
  const pages = (source.match(/\/Type\s*\/Page\b/g) ?? []).length;
  const lines: string[] = [];
  const re = /stream\r?\n/g;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    const start = m.index + m[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes =
        op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1] as string) : [op[2] as string];
      lines.push(hexes.map((h) => winAnsi(Buffer.from(h, 'hex'))).join(''));
    }
  }
  return { text: lines.join('\n'), pages };
}
