import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF written with the standard fonts (what pdfkit produces): every FlateDecode stream is inflated and
 * the hex strings of its TJ/Tj operators are decoded as WinAnsi. One line per text operator. Enough for tests.
 */
export function pdfText(pdf: Buffer): { text: string; pages: number } {
  const source = pdf.toString('latin1');
  const pages = (source.match(/\/Type\s*\/Page\b/g) ?? []).length;
  const lines: string[] = [];
  const decoder = new TextDecoder('windows-1252');
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
      lines.push(hexes.map((h) => decoder.decode(Buffer.from(h, 'hex'))).join(''));
    }
  }
  return { text: lines.join('\n'), pages };
}
