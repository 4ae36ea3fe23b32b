import { describe, expect, it } from 'vitest';
import { mensajesArranque } from './mensajesArranque.ts';
import { PASOS_SEMILLA } from './seedDemo.ts';

describe('what the first start prints', () => {
  it('announces the migrations, each demo step with its time, the address and the demo users', () => {
    const lines: string[] = [];
    const avisos = mensajesArranque((l) => lines.push(l));
    avisos.migrando();
    avisos.migrado(120);
    for (const [i, texto] of PASOS_SEMILLA.entries()) {
      avisos.pasoSemilla(i + 1, PASOS_SEMILLA.length, texto);
      if (i === 3) for (let h = 1; h <= 10; h++) avisos.avanceSemilla(h, 10);
    }
    avisos.semillaHecha();
    avisos.listo('http://localhost:3000', true, 2500);
    const text = lines.join('\n');
    expect(lines[0]).toBe('Faro: preparando la base de datos (migraciones)…');
    expect(lines[1]).toBe('Faro: base de datos al día (0,1 s).');
    expect(text).toContain('primer arranque: creando los datos de demostración');
    expect(text).toContain(`[1/${PASOS_SEMILLA.length}] empresas, perfiles y usuarios…`);
    expect(text).toContain(`[4/${PASOS_SEMILLA.length}] un año de ventas de DEMO`);
    expect(lines.filter((l) => l.trim().startsWith('hecho en'))).toHaveLength(PASOS_SEMILLA.length);
    // The long step prints its progress at each quarter (not at 100 %: its 'hecho en' follows).
    expect(lines.filter((l) => l.includes(' de 10)')).map((l) => l.trim())).toEqual([
      '25 % (3 de 10)',
      '50 % (5 de 10)',
      '75 % (8 de 10)',
    ]);
    expect(text).toMatch(/datos de demostración creados en \d+(,\d)? s\./);
    expect(text).toContain('Faro está listo (2,5 s). Abre http://localhost:3000 en el navegador.');
    expect(text).toContain('Usuarios de demostración (contraseña Demo1234):');
    for (const user of ['admin', 'demo', 'empleado', 'fichaje', 'academia', 'alumnoae', 'asesoria']) {
      expect(lines.some((l) => l.trim().startsWith(`${user} `))).toBe(true);
    }
  });

  it('without demo data prints no users; a later start prints no seed', () => {
    const lines: string[] = [];
    const avisos = mensajesArranque((l) => lines.push(l));
    avisos.listo('http://localhost:8080', false, 900);
    expect(lines.join('\n')).toContain('Abre http://localhost:8080');
    expect(lines.join('\n')).not.toContain('Demo1234');
  });
});
