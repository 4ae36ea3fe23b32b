import { Anchor, Group } from '@mantine/core';
import { Suspense, useState } from 'react';
import { lazyNamed } from '../../ui/lazyNamed.ts';

const CompanyDataModal = lazyNamed(() => import('./CompanyDataModal.tsx'), 'CompanyDataModal');

/** Students and tutors: the company data and the purchase policy. */
export function PortalFooter() {
  const [open, setOpen] = useState<null | 'datos' | 'politica'>(null);
  return (
    <Group h="100%" justify="center" gap="lg">
      <Anchor component="button" type="button" size="sm" onClick={() => setOpen('datos')}>
        Datos de la empresa
      </Anchor>
      <Anchor component="button" type="button" size="sm" onClick={() => setOpen('politica')}>
        Política de compra
      </Anchor>
      {open && (
        <Suspense fallback={null}>
          <CompanyDataModal focus={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </Group>
  );
}
