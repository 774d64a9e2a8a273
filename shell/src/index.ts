// Async boundary: shared singletons (React, router, platform) are negotiated before any of them is used.
import('./bootstrap');
