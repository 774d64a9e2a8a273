import { lazy, Suspense, useEffect, useState } from 'react';
import { onToastWanted } from './toast-queue';

// notistack (10 KB compressed) is not on the first page: it loads with the first toast.
const NotistackHost = lazy(() => import('./notistack-host'));

/** Mounted once by PlatformProviders: renders the toast library from the first toast on. */
export function ToastHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToastWanted(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NotistackHost />
    </Suspense>
  );
}
