import { formatDate, learnerPaths, pagePath, type CertificateRecord } from '@academy/contracts';
import { errorMessage, queryKeys, useApi } from '@academy/platform';
import { LoadingView } from '@academy/ui';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@academy/routing';
import { verifyCertificate } from '../../enrollments';
import './CertificatePage.css';

/** /certificate/:code — public: anyone holding a certificate's code can check it is genuine. */
export function CertificatePage() {
  const { code = '' } = useParams();
  const api = useApi();
  // The page says why a code is not verified; no toast besides.
  const verified = useQuery({ queryKey: queryKeys.certificates.verify(code), queryFn: () => verifyCertificate(api, code), meta: { errorToast: false } });

  if (verified.isPending) return <LoadingView label="Checking the certificate" />;
  if (verified.isError) {
    return (
      <div className="certificate certificate--invalid">
        <h1>Certificate not verified</h1>
        <p role="alert">{errorMessage(verified.error)}</p>
        <p>Check the code printed on the certificate: {code}</p>
      </div>
    );
  }
  const certificate: CertificateRecord = verified.data;
  const issued = formatDate(certificate.issuedAt);
  return (
    <div className="certificate">
      <p className="certificate__badge" role="status">✓ Verified certificate</p>
      <h1>Certificate of Completion</h1>
      <dl className="certificate__facts">
        <dt>Student</dt>
        <dd>{certificate.studentName}</dd>
        <dt>Course</dt>
        <dd>
          <Link to={pagePath(learnerPaths.course, { id: certificate.courseId })}>{certificate.courseTitle}</Link>
        </dd>
        <dt>Issued on</dt>
        <dd>{issued}</dd>
        <dt>Verification code</dt>
        <dd>{certificate.code}</dd>
      </dl>
    </div>
  );
}
