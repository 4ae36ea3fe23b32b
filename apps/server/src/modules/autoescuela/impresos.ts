import { IMPRESOS_EXAMEN, type ImpresoExamen } from '@faro/domain';
import { cabeceraEmpresa, documentoPdf } from '../../platform/export/documentoPdf.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { empresa } from '../../platform/tenancy/tables.ts';
import { fechaEs } from './comun.ts';
import { examenesDelDia } from './examenes.ts';

const TIPOS: Record<string, string> = {
  teorico: 'Teórico',
  destreza: 'Destreza (circuito cerrado)',
  circulacion: 'Circulación',
};

/**
 * An exam form of a day as a PDF (pdfkit, A4): the list of presented students, one sheet per student, or the
 * attendance and signatures list; the school and students' data filled in. Cancelled rows (a) are left out.
 */
export async function impresoPdf(s: Scope, impreso: ImpresoExamen, fecha: string, tipo?: string | null) {
  const filas = (await examenesDelDia(s, fecha, tipo)).filter((f) => f.Asistencia !== 'a');
  const [emp] = await s.company({ nombre: empresa.nombre, nif: empresa.nif });
  const titulo = IMPRESOS_EXAMEN.find((i) => i.value === impreso)?.label ?? impreso;
  const { doc, terminar } = await documentoPdf({ Title: `${titulo} ${fechaEs(fecha)}` }, 40);
  const cabecera = () => {
    cabeceraEmpresa(doc, emp, 13);
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(12).text(titulo);
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(`Fecha del examen: ${fechaEs(fecha)}${tipo ? ` · ${TIPOS[tipo] ?? tipo}` : ''}`);
    doc.moveDown();
  };
  const dato = (f: (typeof filas)[number]) => ({
    alumno: f.Alumno,
    nif: String(f.NIF ?? ''),
    nacimiento: f.FechaNacimiento ? fechaEs(String(f.FechaNacimiento)) : '',
    permiso: String(f.Permiso ?? ''),
    tipo: TIPOS[String(f.TipoExamen)] ?? String(f.TipoExamen ?? ''),
    jefatura: String(f.JefaturaTrafico ?? ''),
    examinador: String(f.Examinador ?? ''),
    profesor: String(f.Profesor ?? ''),
  });
  if (impreso === 'hoja') {
    filas.forEach((f, i) => {
      if (i > 0) doc.addPage();
      cabecera();
      const d = dato(f);
      doc.font('Helvetica').fontSize(11);
      for (const [k, v] of [
        ['Alumno', d.alumno],
        ['DNI/NIE', d.nif],
        ['Fecha de nacimiento', d.nacimiento],
        ['Permiso', d.permiso],
        ['Prueba', d.tipo],
        ['Jefatura de Tráfico', d.jefatura],
        ['Examinador', d.examinador],
        ['Profesor', d.profesor],
      ])
        doc.text(`${k}: ${v}`);
      doc.moveDown();
      doc.text('Calificación:   [ ] APTO     [ ] NO APTO     [ ] NO PRESENTADO');
      doc.moveDown(2);
      doc.text('Firma del examinador: ______________________     Firma del alumno: ______________________');
    });
    if (!filas.length) {
      cabecera();
      doc.text('No hay alumnos asignados a este examen.');
    }
  } else {
    cabecera();
    const firmas = impreso === 'asistencia';
    const cols = firmas
      ? [
          ['Nº', 25],
          ['Alumno', 170],
          ['DNI/NIE', 80],
          ['Permiso', 50],
          ['Firma', 190],
        ]
      : [
          ['Nº', 25],
          ['Alumno', 150],
          ['DNI/NIE', 75],
          ['Nacimiento', 65],
          ['Permiso', 45],
          ['Prueba', 80],
          ['Profesor', 75],
        ];
    const fila = (vals: string[], bold = false) => {
      const y = doc.y;
      let x = 40;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      vals.forEach((v, i) => {
        const w = Number(cols[i]![1]);
        doc.text(v, x, y, { width: w - 4, lineBreak: false, ellipsis: true });
        x += w;
      });
      doc.x = 40;
      doc.y = y + (firmas ? 26 : 16);
      if (doc.y > doc.page.height - 60) doc.addPage();
    };
    fila(
      cols.map((c) => String(c[0])),
      true,
    );
    filas.forEach((f, i) => {
      const d = dato(f);
      fila(
        firmas
          ? [String(i + 1), d.alumno, d.nif, d.permiso, '']
          : [String(i + 1), d.alumno, d.nif, d.nacimiento, d.permiso, d.tipo, d.profesor],
      );
    });
    doc.moveDown();
    doc.font('Helvetica').fontSize(9).text(`Total de alumnos: ${filas.length}`, 40);
  }
  return terminar();
}
