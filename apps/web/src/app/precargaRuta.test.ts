import { describe, expect, it } from 'vitest';
import { AREA_SCREENS } from './areaScreens.ts';
import { ConfiguraPage, EntityScreen, HomePage, UsuarioScreens } from './lazyScreens.ts';
import { chunkDeRuta } from './precargaRuta.ts';

describe('the chunk a signed-in page load starts with the company context', () => {
  it('is the one the screen of the path renders, known from the path alone', () => {
    expect(chunkDeRuta('/')).toBe(HomePage);
    expect(chunkDeRuta('/usuario/perfil')).toBe(UsuarioScreens);
    expect(chunkDeRuta('/configura')).toBe(ConfiguraPage);
    expect(chunkDeRuta('/configura/editar/1')).toBe(EntityScreen);
    // Entities on the generic screens, bespoke area screens by their action.
    expect(chunkDeRuta('/clientes/lista')).toBe(EntityScreen);
    expect(chunkDeRuta('/productos/lista')).toBe(EntityScreen);
    for (const ruta of ['/fventa/lista', '/movstesoreria/lista', '/modtributarios/lista', '/factemitidas/lista']) {
      const action = ruta.split('/')[1]!;
      const area = AREA_SCREENS[action] as unknown as { preload: unknown };
      expect(chunkDeRuta(ruta)?.preload, ruta).toBe(area.preload);
    }
  });

  it('is none for a path no signed-in screen renders, or a client-given name that is not a route', () => {
    expect(chunkDeRuta('/registro/DEMO')).toBeUndefined();
    expect(chunkDeRuta('/nada/lista')).toBeUndefined();
    expect(chunkDeRuta('/__proto__/lista')).toBeUndefined();
    expect(chunkDeRuta('/constructor')).toBeUndefined();
  });
});
