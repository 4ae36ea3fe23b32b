import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { InputProps } from '../../ui/fields/inputs.tsx';

const TemplateBodyInput = lazy(() => import('./TemplateBodyInput.tsx').then((m) => ({ default: m.TemplateBodyInput })));

/** The rich-text editor (tiptap) is a chunk of its own, loaded only by the e-mail template form. */
export function LazyTemplateBodyInput(p: InputProps) {
  return (
    <Suspense fallback={<Skeleton height={340} aria-label={p.def.label} />}>
      <TemplateBodyInput {...p} />
    </Suspense>
  );
}
