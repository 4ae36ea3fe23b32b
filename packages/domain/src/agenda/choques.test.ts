import { describe, expect, it } from 'vitest';
import { choquesClase } from '../drivingSchool/index.ts';

describe('driving-school class clashes', () => {
  const clase = { Fecha: '2099-01-12', Hora: '10:00', Minutos: 45, IdProfesor: 1, IdVehiculo: 2, IdAlumno: 3 };

  it('names every shared resource of an overlapping class, and skips itself and the classes that do not overlap', () => {
    const otras = [
      { ...clase, Id: 7 },
      { ...clase, Id: 8, Hora: '10:30', IdProfesor: 9, IdAlumno: null },
      { ...clase, Id: 9, Hora: '10:45' },
      { ...clase, Id: 10, Fecha: '2099-01-13' },
    ];
    expect(choquesClase({ ...clase, Id: 7 }, otras)).toEqual([{ tipo: 'vehiculo', Campo: 'IdVehiculo', Id: 8 }]);
    expect(choquesClase({ ...clase, Id: null }, otras).map((c) => `${c.tipo}:${c.Id}`)).toEqual([
      'profesor:7',
      'vehiculo:7',
      'alumno:7',
      'vehiculo:8',
    ]);
  });

  it('an empty resource never clashes', () => {
    const sinVehiculo = { ...clase, IdVehiculo: null, IdProfesor: null, IdAlumno: null };
    expect(choquesClase(sinVehiculo, [{ ...sinVehiculo, Id: 1 }])).toEqual([]);
  });
});
