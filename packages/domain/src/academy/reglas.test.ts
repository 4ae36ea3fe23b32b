import { describe, expect, it } from 'vitest';
import { choques, cuandoSesion, cuotaDelPeriodo, esMenor, notaFinal, solapan } from './reglas.ts';

describe('academy rules', () => {
  it('finds clashes of teacher, room and student only when the hours overlap on the same day', () => {
    const lunes = {
      Id: 1,
      DiaSemana: '1',
      HoraInicio: '17:00',
      HoraFin: '18:30',
      IdProfesor: 7,
      IdAula: 3,
      Alumnos: [10, 11],
    };
    expect(solapan(lunes, { DiaSemana: '1', HoraInicio: '18:30', HoraFin: '19:00' })).toBe(false);
    expect(solapan(lunes, { DiaSemana: '2', HoraInicio: '17:00', HoraFin: '18:00' })).toBe(false);
    const nueva = {
      DiaSemana: '1',
      HoraInicio: '18:00',
      HoraFin: '19:00',
      IdProfesor: 7,
      IdAula: 4,
      Alumnos: [11, 12],
    };
    expect(choques(nueva, [lunes]).map((c) => [c.tipo, c.IdAlumno ?? null])).toEqual([
      ['profesor', null],
      ['alumno', 11],
    ]);
    // A session never clashes with itself (editing it).
    expect(choques({ ...lunes }, [lunes])).toEqual([]);
    expect(cuandoSesion(nueva)).toBe('lunes de 18:00 a 19:00');
  });

  it('pro-rates the first month by the days left and keeps whole months whole', () => {
    expect(cuotaDelPeriodo('85.00', '2026-11', '2026-11-16', true)).toBe('42.50');
    expect(cuotaDelPeriodo('85.00', '2026-11', '2026-11-16', false)).toBe('85.00');
    expect(cuotaDelPeriodo('85.00', '2026-12', '2026-11-16', true)).toBe('85.00');
    expect(cuotaDelPeriodo('60.00', '2027-02', '2027-02-01', true)).toBe('60.00');
  });

  it('computes minors and final marks by the course rule', () => {
    expect(esMenor('2010-06-01', '2026-11-25')).toBe(true);
    expect(esMenor('2008-11-25', '2026-11-25')).toBe(false);
    const notas = [
      { nota: 8, peso: 60 },
      { nota: 5, peso: 40 },
    ];
    expect(notaFinal('media', notas)).toBe(6.8);
    expect(notaFinal('suma', notas)).toBe(13);
    expect(notaFinal('manual', notas, 7.5)).toBe(7.5);
    expect(notaFinal('media', [{ nota: null, peso: 1 }])).toBeNull();
  });
});
