import { SnackbarProvider, useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { connectToasts, TOAST_AUTO_HIDE_MS } from './toast-queue';

function ToastBridge() {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => connectToasts((message, variant) => enqueueSnackbar(message, { variant })), [enqueueSnackbar]);
  return null;
}

/** notistack, configured once: loaded by ToastHost on the first toast (or at once by the test providers). */
export default function NotistackHost() {
  return (
    <SnackbarProvider anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={TOAST_AUTO_HIDE_MS} maxSnack={4}>
      <ToastBridge />
    </SnackbarProvider>
  );
}
