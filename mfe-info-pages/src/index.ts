// Async boundary: shared singletons are negotiated before React or the platform run (standalone page only;
// the shell loads ./App through remoteEntry.js instead).
import('./bootstrap');
