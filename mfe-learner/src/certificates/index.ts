// Public surface of the certificates feature.
export { CertificatePage } from './pages/CertificatePage';
