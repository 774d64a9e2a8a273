import { parseVideoLink } from '@academy/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@academy/platform';
import { attachHls } from '@academy/ui';

interface PreviewPlayerProps {
  lectureTitle: string;
  lectureUrl: string;
}

/** A free-preview lecture: YouTube links are embedded, an uploaded video streams (HLS), anything else plays as mp4. */
export function PreviewPlayer({ lectureTitle, lectureUrl }: PreviewPlayerProps) {
  const { t } = useTranslation('learner');
  const source = parseVideoLink(lectureUrl);
  const video = useRef<HTMLVideoElement>(null);
  const hlsUrl = source?.kind === 'hls' ? source.url : null;
  useEffect(() => {
    if (!hlsUrl || !video.current) return;
    const attachment = attachHls(video.current, hlsUrl);
    return () => attachment.detach();
  }, [hlsUrl]);
  if (!source) {
    return (
      <p className="preview-player__unavailable" role="status">
        {t('catalogue.previewPlayer.unavailable')}
      </p>
    );
  }
  if (source.kind === 'youtube') {
    return (
      <iframe
        className="preview-player"
        src={`${source.embedUrl}?autoplay=1`}
        title={t('catalogue.previewPlayer.label', { title: lectureTitle })}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
      />
    );
  }
  return (
    // Muted so browsers allow the autoplay; the controls let the learner unmute.
    <video
      key={source.url}
      ref={video}
      className="preview-player"
      {...(source.kind === 'hls' ? {} : { src: source.url })}
      controls
      autoPlay
      muted
      playsInline
      aria-label={t('catalogue.previewPlayer.label', { title: lectureTitle })}
    />
  );
}
