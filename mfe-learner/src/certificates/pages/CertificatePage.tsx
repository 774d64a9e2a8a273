import { formatDate, type CertificateRecord } from '@academy/contracts';
import { errorMessage, useApi } from '@academy/platform';
import { LoadingView } from '@academy/ui';
import { useEffect, useState } from 'react';
import { Link, useParams } from '@academy/routing';
import { verifyCertificate } from '../../enrollments';
import './CertificatePage.css';

type State = { status: 'loading' } | { status: 'valid'; certificate: CertificateRecord } | { status: 'invalid'; message: string };

/** /certificate/:code — public: anyone holding a certificate's code can check it is genuine. */
export function CertificatePage() {
  const { code = '' } = useParams();
  const api = useApi();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    verifyCertificate(api, code).then(
      (certificate) => current && setState({ status: 'valid', certificate }),
      (error: unknown) => current && setState({ status: 'invalid', message: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [api, code]);

  if (state.status === 'loading') return <LoadingView label="Checking the certificate" />;
  if (state.status === 'invalid') {
    return (
      <div className="certificate certificate--invalid">
        <h1>Certificate not verified</h1>
        <p role="alert">{state.message}</p>
        <p>Check the code printed on the certificate: {code}</p>
      </div>
    );
  }
  const { certificate } = state;
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
          <Link to={`/course/${certificate.courseId}`}>{certificate.courseTitle}</Link>
        </dd>
        <dt>Issued on</dt>
        <dd>{issued}</dd>
        <dt>Verification code</dt>
        <dd>{certificate.code}</dd>
      </dl>
    </div>
  );
}
