import { learnerPaths, pagePath, type CertificateRecord } from '@academy/contracts';
import { queryKeys, toLoadable, useApi, useFormat, useQuery, useTranslation } from '@academy/platform';
import { LoadingView } from '@academy/ui';
import { Link, useParams } from '@academy/routing';
import { verifyCertificate } from '../../enrollments';
import './CertificatePage.css';

/** /certificate/:code — public: anyone holding a certificate's code can check it is genuine. */
export function CertificatePage() {
  const { t } = useTranslation('learner-study');
  const format = useFormat();
  const { code = '' } = useParams();
  const api = useApi();
  // The page says why a code is not verified; no toast besides.
  const query = useQuery({ queryKey: queryKeys.certificates.verify(code), queryFn: () => verifyCertificate(api, code), meta: { errorToast: false } });
  const verified = toLoadable(query);

  if (verified.status === 'loading') return <LoadingView label={t('certificates.checking')} />;
  if (verified.status === 'error') {
    return (
      <div className="certificate certificate--invalid">
        <h1>{t('certificates.notVerified')}</h1>
        <p role="alert">{verified.message}</p>
        <p>{t('certificates.checkCode', { code })}</p>
      </div>
    );
  }
  const certificate: CertificateRecord = verified.data;
  const issued = format.date(certificate.issuedAt);
  return (
    <div className="certificate">
      <p className="certificate__badge" role="status">
        {t('certificates.verified')}
      </p>
      <h1>{t('certificates.title')}</h1>
      <dl className="certificate__facts">
        <dt>{t('certificates.student')}</dt>
        <dd>{certificate.studentName}</dd>
        <dt>{t('certificates.course')}</dt>
        <dd>
          <Link to={pagePath(learnerPaths.course, { id: certificate.courseId })}>{certificate.courseTitle}</Link>
        </dd>
        <dt>{t('certificates.issuedOn')}</dt>
        <dd>{issued}</dd>
        <dt>{t('certificates.code')}</dt>
        <dd>{certificate.code}</dd>
      </dl>
    </div>
  );
}
