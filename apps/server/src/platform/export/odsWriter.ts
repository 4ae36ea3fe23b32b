import type { Writable } from 'node:stream';
import { celdaTexto } from '@faro/domain';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { type Cell, type Column, cellText } from './cells.ts';
import { drained, type SheetWriter, xmlEscape } from './writers.ts';

const MIME = 'application/vnd.oasis.opendocument.spreadsheet';
const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">
 <manifest:file-entry manifest:full-path="/" manifest:version="1.2" manifest:media-type="${MIME}"/>
 <manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>
</manifest:manifest>`;
const HEAD = `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"><office:body><office:spreadsheet>`;

const text = (s: string) => `<text:p>${xmlEscape(s)}</text:p>`;
const cellXml = (cell: Cell) => {
  if (!cell) return '<table:table-cell/>';
  if (cell.t === 'n')
    return `<table:table-cell office:value-type="float" office:value="${cell.v}">${text(cellText(cell))}</table:table-cell>`;
  if (cell.t === 'd')
    return `<table:table-cell office:value-type="date" office:date-value="${cell.v}">${text(cellText(cell))}</table:table-cell>`;
  // A string cell, never a formula (`table:formula` is never written); neutralised all the same.
  return `<table:table-cell office:value-type="string">${text(cell.t === 's' ? celdaTexto(cell.v) : cellText(cell))}</table:table-cell>`;
};

/**
 * OpenDocument spreadsheet (ODS) written by hand: a zip whose first entry is the uncompressed `mimetype`, a
 * manifest and content.xml deflated as it is produced (fflate's streaming Zip).
 */
export function odsWriter(): SheetWriter {
  let out: Writable;
  let zip: Zip;
  let content: ZipDeflate;
  let finished: Promise<void>;
  const push = (s: string, final = false) => content.push(strToU8(s), final);
  return {
    contentType: MIME,
    extension: 'ods',
    begin(target, title, columns: Column[]) {
      out = target;
      finished = new Promise((resolve, reject) => {
        zip = new Zip((err, chunk, final) => {
          if (err) return reject(err);
          out.write(chunk);
          if (final) resolve();
        });
      });
      const mimetype = new ZipPassThrough('mimetype');
      zip.add(mimetype);
      mimetype.push(strToU8(MIME), true);
      const manifest = new ZipDeflate('META-INF/manifest.xml', { level: 6 });
      zip.add(manifest);
      manifest.push(strToU8(MANIFEST), true);
      content = new ZipDeflate('content.xml', { level: 6 });
      zip.add(content);
      push(
        `${HEAD}<table:table table:name="${xmlEscape(title)}"><table:table-row>${columns
          .map((c) => cellXml({ t: 's', v: c.label }))
          .join('')}</table:table-row>`,
      );
    },
    async rows(cells: Cell[][]) {
      push(cells.map((r) => `<table:table-row>${r.map(cellXml).join('')}</table:table-row>`).join(''));
      await drained(out);
    },
    async end() {
      push('</table:table></office:spreadsheet></office:body></office:document-content>', true);
      zip.end();
      await finished;
    },
  };
}
