import { Table } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render.tsx';
import { TdImporte } from './Importe.tsx';

describe('TdImporte', () => {
  it('writes the amount grouped, right-aligned and on one line', () => {
    renderUi(
      <Table>
        <Table.Tbody>
          <Table.Tr>
            <TdImporte value="27059.64" />
          </Table.Tr>
        </Table.Tbody>
      </Table>,
    );
    const td = screen.getByText('27.059,64 €');
    expect(td.tagName).toBe('TD');
    expect(td.style.whiteSpace).toBe('nowrap');
  });
});
