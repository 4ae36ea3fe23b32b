import { describe, expect, it } from 'vitest';
import { qk } from './queryKeys.ts';
import { type RefItem, selectableItems } from './referenceLists.ts';

const items: RefItem[] = [
  { value: '1', label: 'Central', baja: false },
  { value: '2', label: 'Antigua', baja: true },
  { value: '3', label: 'Sucursal', baja: false },
];

describe('cached reference lists (spec section 3)', () => {
  it('selectors hide Baja entries unless currently selected', () => {
    expect(selectableItems(items, []).map((i) => i.value)).toEqual(['1', '3']);
    expect(selectableItems(items, ['2']).map((i) => i.value)).toEqual(['1', '2', '3']);
    expect(selectableItems(items, ['3']).map((i) => i.value)).toEqual(['1', '3']);
  });

  it('query keys start with the company, so a company switch never shows another company’s cache', () => {
    const keys = [
      qk.company(7),
      qk.entity(7, 'centros'),
      qk.list(7, 'centros', { Pagina: 1 }),
      qk.row(7, 'centros', 3),
      qk.ref(7, 'centros'),
      qk.fichajes(7, 1),
      qk.datosEmpresa(7),
    ];
    for (const key of keys) expect(key.slice(0, 2)).toEqual(['empresa', 7]);
    expect(qk.ref(7, 'centros')).not.toEqual(qk.ref(8, 'centros'));
  });

  it('an edit invalidates the reference list: its key lies under the entity key that mutations invalidate', () => {
    const entity = qk.entity(7, 'centros');
    for (const key of [qk.ref(7, 'centros'), qk.list(7, 'centros', {}), qk.row(7, 'centros', 1)]) {
      expect(key.slice(0, entity.length)).toEqual([...entity]);
    }
  });
});
